//! Table-level messages (lobby, seats, undo, fairness) and their words.

#[allow(unused_imports)]
use super::*;

/// Table-level messages (lobby, seats, undo, fairness) with their parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Msg {
    /// Deputies, replacements, spectators, digests (issue 29; texts in `absence.rs`).
    Absence(Box<crate::table::absence::AbsenceMsg>),
    NoGame,
    GameExists,
    GameCreated {
        creator: String,
        scenario: String,
        commitment: String,
    },
    LocaleSet,
    OnlyCreator {
        creator: String,
    },
    NotInLobby,
    PowerTaken {
        power: Power,
        holder: String,
    },
    AlreadyHolds {
        power: Power,
    },
    TableFull,
    Joined {
        name: String,
        power: Power,
    },
    Left {
        name: String,
        powers: Vec<Power>,
    },
    NotSeated,
    TooFewPlayers {
        players: usize,
    },
    Started {
        powers: Vec<Power>,
    },
    NotStarted,
    NotYourSeat {
        power: Power,
        holder: Option<String>,
    },
    Ambiguous {
        held: Vec<Power>,
    },
    NotYourTurn {
        waiting: String,
    },
    NothingToUndo,
    UndoBarrier,
    UndoNotYours {
        power: Power,
    },
    Undone {
        name: String,
        what: String,
    },
    /// A take-back request past an undo barrier was opened; `waiting`: who still has to agree.
    TakeBackAsked {
        name: String,
        what: String,
        waiting: String,
    },
    /// A player agreed to the pending take-back request.
    TakeBackAgreed {
        name: String,
        what: String,
        waiting: String,
    },
    /// Every player agreed: the action was taken back.
    TakenBack {
        what: String,
        agreed: String,
    },
    /// A player refused the pending take-back request.
    TakeBackVetoed {
        name: String,
        what: String,
    },
    /// An action was applied while a take-back request was pending: the request is dropped.
    TakeBackCancelled {
        what: String,
    },
    /// There is no pending take-back request to refuse.
    NoTakeBack,
    /// Only seated players may ask for, agree to or refuse a take-back.
    TakeBackNotSeated,
    /// The caller already agreed to the pending take-back request.
    TakeBackAlreadyAgreed {
        waiting: String,
    },
    SeedRevealed {
        seed: String,
        commitment: String,
    },
    /// The game was loaded under corrected game data (fingerprint `old` → `new`): `replayed`
    /// actions after its last saved state were applied again, `differed` of them came out
    /// otherwise than when they were played.
    DataChanged {
        old: String,
        new: String,
        replayed: usize,
        differed: usize,
    },
    StoreFailed {
        error: String,
    },
    UnknownName {
        what: &'static str,
        name: String,
        hint: String,
    },
    UnknownRule {
        id: String,
        hint: String,
    },
    NoMatchingMove,
    HandSentDm,
    NoMapRenderer,
    MapCaption {
        turn: u8,
    },
    NoActions,
    UnknownScenario {
        name: String,
        known: String,
    },
    /// The channel's stored game could not be loaded (the technical detail stays as it is).
    LoadFailed {
        error: String,
    },
    /// The status header: game id, scenario, life cycle.
    StatusHeader {
        id: i64,
        scenario: String,
        status: crate::table::persist::Status,
    },
    /// The status line of the turn and the hand sizes (already listed).
    StatusTurn {
        turn: u8,
        hands: String,
    },
    /// Sieges under way: "Paris (Spain besieging)" (`status`).
    StatusSieges {
        list: String,
    },
    // --- diplomacy, winter, cards and victory: `status` at a glance
    /// Wars between majors (already listed).
    StatusWars {
        list: String,
    },
    /// Alliances between majors (already listed).
    StatusAlliances {
        list: String,
    },
    /// Minor powers and their major allies (already listed).
    StatusMinors {
        list: String,
    },
    /// Captured leaders and who holds them (already listed).
    StatusCaptured {
        list: String,
    },
    /// Leaders on the map by stack (already listed).
    StatusLeaders {
        list: String,
    },
    /// The religious zones' tally and the Protestant capitals (already listed).
    StatusReligion {
        list: String,
        capitals: String,
    },
    // --- treasures
    /// Treasures held by power (counts only), the Portuguese row and the pool.
    StatusTreasures {
        list: String,
        row: usize,
        pool: usize,
    },
    /// A player's own treasures, with how to spend one (sent with the hand, privately).
    YourTreasures {
        power: Power,
        list: String,
    },
    /// Whose impulse it is, with the CP left when a card is being spent.
    StatusImpulse {
        power: Power,
        cp: Option<u8>,
    },
    /// "none", for an empty list of the status.
    StatusNone,
    /// One power's line of the VP table.
    VpRow {
        power: Power,
        total: i32,
        keys: i32,
        bonus: i32,
    },
    /// The seed's commitment, as the status shows it.
    SeedCommitment {
        commitment: String,
    },
    /// An engine refusal, already in words.
    Rule(String),
    // --- safe input
    /// A name that is none of a short list: the refusal lists what is allowed.
    UnknownListed {
        what: &'static str,
        name: String,
        hint: String,
        allowed: Allowed,
    },
    /// An option a command needs in this case (`adjust … place:hand` needs `target:`).
    NeedOption {
        command: &'static str,
        option: &'static str,
        allowed: Allowed,
    },
    /// `rule` without an id: every rule id with its title.
    RuleList,
    /// A world-map settlement, ocean zone or sea zone named where only a Europe space fits.
    NotASpace {
        id: String,
        kind: crate::table::resolve::OtherPlace,
    },
    // --- position files (issue 17)
    /// The front end could not read a file named in `setup`.
    PositionUnread {
        name: String,
    },
    /// A position file was refused: every problem as `file:line: message` (English, like
    /// `vqbot check-data`).
    PositionRefused {
        name: String,
        problems: Vec<String>,
    },
    /// A position was read into the lobby.
    PositionLoaded {
        name: String,
        turn: u8,
        phase: String,
        powers: Vec<Power>,
    },
    /// How a loaded position differs from its scenario's printed map: the spaces that differ
    /// (control, religion or units) and, per owner, land units and squadrons in the position and
    /// on the printed map.
    PositionDiff {
        scenario: String,
        spaces: Vec<SpaceId>,
        units: Vec<(Owner, [u32; 2], [u32; 2])>,
    },
    /// `start` of a game set up from a position: the seats must be its powers in play.
    PositionSeats {
        unseated: Vec<Power>,
        not_in_play: Vec<Power>,
    },
    // --- ops: honest failures, closing games
    /// The change was committed but the disk did not confirm it (fsync failed).
    DurabilityInDoubt {
        error: String,
    },
    /// `close` by someone who is neither seated (nor the creator of an empty lobby) nor a
    /// moderator.
    CloseNotAllowed,
    /// A seated player asked to close the game; others still have to.
    CloseAsked {
        name: String,
        waiting: String,
    },
    /// The game is closed (abandoned).
    GameClosed {
        id: i64,
        by: String,
    },
    /// A command in a channel whose game does not load, by someone who may not close it.
    CloseBrokenNotAllowed {
        error: String,
    },
    /// A seated player asked for a vacated seat (it carries a hand).
    SeatForNewcomers {
        power: Power,
    },
    /// A member asked for a vacated seat; the players must agree.
    SeatAsked {
        name: String,
        power: Power,
        waiting: String,
    },
    /// A player agreed to a seat request; others still have to.
    SeatAgreed {
        name: String,
        power: Power,
        waiting: String,
    },
    /// `admit` without a pending request for that seat.
    NoSeatRequest {
        power: Power,
    },
    /// A player left a started game: the seat is offered to members without a seat.
    LeftOffered {
        name: String,
        powers: Vec<Power>,
    },
    /// A card `adjust` would take a card out of another power's hand: its owner decides.
    CardOwnerWillDecide,
    /// To the owner of that hand, privately: who asks, and the line that makes the move.
    CardOwnerAsked {
        name: String,
        power: Power,
        line: String,
    },
    /// That hand's power has no player to agree.
    CardOwnerAbsent,
    /// Treasures put back from another power's holdings: its player decides.
    TreasureOwnerWillDecide {
        power: Power,
    },
    /// To that player, privately: who asks, and the line that makes the change.
    TreasureOwnerAsked {
        name: String,
        power: Power,
        line: String,
    },
    /// That power has no player to agree.
    TreasureOwnerAbsent {
        power: Power,
    },
    /// A `map` asked for again too soon by the same user.
    MapTooSoon {
        seconds: u64,
    },
    /// A game that does not load was closed, so that the channel can be used again.
    BrokenGameClosed {
        id: i64,
        by: String,
        error: String,
    },
}

/// A short list of allowed values, worded in the game's language when shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowed {
    /// The six major powers.
    Powers,
    /// The minor powers.
    Minors,
    /// Majors, minors and `independent`.
    Owners,
    /// Every leader.
    Leaders,
}

impl Texts<'_> {
    /// A table message in this locale.
    pub fn msg(&self, m: &Msg) -> String {
        let l = self.loc;
        match m {
            Msg::Absence(a) => self.absence(a),
            Msg::NoGame => tr!(l, "There is no game in this channel. Start one with {}.", "В этом канале нет партии. Начните её командой {}.", self.command("new", &[])),
            Msg::GameExists => l.pick("This channel already has a game.", "В этом канале уже есть партия.").into(),
            Msg::GameCreated { creator, scenario, commitment } => tr!(
                l,
                "New game ({} scenario) opened by {}. Take a seat with {}; {} starts it with {}.\nFairness: sha256(seed) = `{}`; the seed is revealed when the game ends.",
                "Новая партия (сценарий {}) открыта: {}. Займите место: {}; начинает {} командой {}.\nЧестность: SHA-256(сид) = `{}`; сид будет раскрыт в конце партии.",
                scenario, creator, self.command("join", &["power"]), creator, self.command("start", &[]), commitment
            ),
            Msg::LocaleSet => l.pick("Messages in this game are now in English.", "Сообщения этой партии теперь на русском.").into(),
            Msg::OnlyCreator { creator } => tr!(l, "only the game's creator ({}) can do that", "это может только создатель партии ({})", creator),
            Msg::NotInLobby => l.pick("the game has already started", "партия уже началась").into(),
            Msg::PowerTaken { power, holder } => tr!(l, "{} is already held by {}", "{} уже занята: {}", self_power(self, *power), holder),
            Msg::AlreadyHolds { power } => tr!(l, "you already hold {}", "вы уже играете за {}", self.power_case(*power, Case::Acc)),
            Msg::TableFull => l.pick("a game has at most 6 players (R-GAME-PLAYERS)", "в партии не больше 6 игроков (R-GAME-PLAYERS)").into(),
            Msg::Joined { name, power } => tr!(l, "{} takes {}.", "{} играет за {}.", name, self.power_case(*power, Case::Acc)),
            Msg::Left { name, powers } => {
                let p: Vec<String> = powers.iter().map(|p| self_power(self, *p)).collect();
                tr!(l, "{} leaves {}. The seat is open: anyone may {} it.", "{} покидает {}. Место свободно: его можно занять через {}.", name, p.join(", "), self.command("join", &[]))
            }
            Msg::NotSeated => l.pick("you hold no power in this game", "вы не играете в этой партии").into(),
            Msg::TooFewPlayers { players } => tr!(l, "a game needs 2 to 6 players (R-GAME-PLAYERS); seated now: {}", "нужно от 2 до 6 игроков (R-GAME-PLAYERS); сейчас: {}", players),
            Msg::Started { powers } => {
                let p: Vec<String> = powers.iter().map(|p| self_power(self, *p)).collect();
                tr!(l, "**The game begins** with {}. Hands have been sent privately.", "**Партия началась**: {}. Руки разосланы лично.", p.join(", "))
            }
            Msg::NotStarted => l.pick("the game has not started yet", "партия ещё не началась").into(),
            Msg::NotYourSeat { power, holder } => match holder {
                Some(h) => tr!(l, "{} is played by {}, not by you", "за {} играет {}, а не вы", self.power_case(*power, Case::Acc), h),
                None => tr!(l, "nobody holds {}; {} it first", "за {} никто не играет; сначала {}", self.power_case(*power, Case::Acc), self.command("join", &[])),
            },
            Msg::Ambiguous { held } => {
                let p: Vec<String> = held.iter().map(|p| self_power(self, *p)).collect();
                tr!(l, "you hold several powers; add {} ({})", "у вас несколько держав; добавьте {} ({})", self.option("play", "power"), p.join(", "))
            }
            Msg::NotYourTurn { waiting } => tr!(l, "it is not your turn; waiting for {}", "сейчас не ваш ход; ждём: {}", waiting),
            Msg::NothingToUndo => l.pick("there is nothing to undo", "отменять нечего").into(),
            Msg::UndoBarrier => l.pick("the last action revealed something or handed the turn on (dice, cards, a secret, a new impulse or phase); it cannot be undone", "последнее действие что-то раскрыло или передало ход (кубики, карты, тайна, новый импульс или фаза); его нельзя отменить").into(),
            Msg::UndoNotYours { power } => tr!(l, "the last action was {}'s; only its player can undo it", "последнее действие сделала держава {}; отменить может только её игрок", self_power(self, *power)),
            Msg::TakeBackAsked { name, what, waiting } => tr!(
                l,
                "↩ {} asks to take back `{}`. It is past dice or hidden information, so every player must agree: {} to agree, {} to refuse. Still to agree: {}.",
                "↩ Просьба от {}: отменить `{}`. Действие уже после кубиков или скрытых сведений, поэтому нужно согласие всех игроков: {} — согласиться, {} — возразить. Ещё не согласились: {}.",
                name,
                self.command_line(what),
                self.command("undo", &[]),
                self.command("veto", &[]),
                waiting
            ),
            Msg::TakeBackAgreed { name, what, waiting } => tr!(l, "{} agrees to take back `{}`. Still to agree: {}.", "Согласие от {} на отмену `{}`. Ещё не согласились: {}.", name, self.command_line(what), waiting),
            Msg::TakenBack { what, agreed } => tr!(l, "↩ `{}` is taken back; every player agreed: {}.", "↩ Действие `{}` отменено с согласия всех игроков: {}.", self.command_line(what), agreed),
            Msg::TakeBackVetoed { name, what } => tr!(l, "{} refuses: `{}` stays, and the request to take it back is withdrawn.", "Возражение от {}: `{}` остаётся, просьба об отмене снята.", name, self.command_line(what)),
            Msg::TakeBackCancelled { what } => tr!(l, "The request to take back `{}` is withdrawn: the game has moved on.", "Просьба об отмене `{}` снята: игра пошла дальше.", self.command_line(what)),
            Msg::NoTakeBack => l.pick("there is no request to take back an action", "нет просьбы об отмене действия").into(),
            Msg::TakeBackNotSeated => l.pick("only the players at this table can ask to take back an action, agree or refuse", "просить об отмене действия, соглашаться или возражать могут только игроки за этим столом").into(),
            Msg::TakeBackAlreadyAgreed { waiting } => tr!(l, "you have already agreed; still to agree: {}", "вы уже согласились; ещё не согласились: {}", waiting),
            Msg::Undone { name, what } => tr!(l, "↩ {} took back `{}`.", "↩ {} отменяет `{}`.", name, self.command_line(what)),
            Msg::DataChanged { old, new, replayed, differed } => tr!(l, "The game data changed since this game was last saved (data {} → {}): every action is kept; the {} played since were applied again under the new data, and {} of them came out otherwise than when they were played.", "Данные игры изменились с последнего сохранения этой партии (данные {} → {}): все ходы сохранены; сделанные после него ({}) применены заново по новым данным, и у {} из них итог иной, чем при игре.", old, new, replayed, differed),
            Msg::SeedRevealed { seed, commitment } => tr!(l, "Seed revealed: `{}` (sha256 = `{}`, as committed at the start).", "Сид раскрыт: `{}` (sha256 = `{}`, как было обещано в начале).", seed, commitment),
            Msg::StoreFailed { error } => tr!(l, "the game could not be saved, so nothing changed ({})", "партию не удалось сохранить, поэтому ничего не изменилось ({})", error),
            Msg::UnknownName { what, name, hint } => tr!(l, "unknown {} `{}`{}", "не найдено: {} `{}`{}", self.thing(what), name, self.hint(hint)),
            Msg::UnknownRule { id, hint } => tr!(l, "no rule `{}`{}", "нет правила `{}`{}", id, self.hint(hint)),
            Msg::NoMatchingMove => tr!(l, "no such formation can go there now; give {} explicitly or check the map", "такая группа сейчас туда не может; укажите {} или проверьте карту", self.option("move", "units")),
            Msg::HandSentDm => l.pick("Your hand was sent to you privately.", "Рука отправлена вам лично.").into(),
            Msg::NoMapRenderer => l.pick("(map pictures are not available in this build)", "(картинки карты недоступны в этой сборке)").into(),
            Msg::MapCaption { turn } => tr!(l, "Map, turn {}.", "Карта, ход {}.", turn),
            Msg::NoActions => l.pick("No actions yet.", "Действий пока нет.").into(),
            Msg::LoadFailed { error } => tr!(l, "the game of this channel could not be loaded ({})", "партию этого канала не удалось загрузить ({})", error),
            Msg::StatusHeader { id, scenario, status } => {
                use crate::table::persist::Status;
                let word = match status {
                    Status::Lobby => l.pick("lobby", "сбор игроков"),
                    Status::Active => l.pick("in play", "идёт"),
                    Status::Finished => l.pick("finished", "окончена"),
                };
                format!("**#{id}** · {scenario} · {word}")
            }
            Msg::StatusTurn { turn, hands } => tr!(l, "Turn {} · cards in hand: {}", "Ход {} · карт на руке: {}", turn, hands),
            Msg::StatusSieges { list } => tr!(l, "Sieges under way: {}", "Идут осады: {}", list),
            Msg::StatusWars { list } => tr!(l, "Wars: {}", "Войны: {}", list),
            Msg::StatusAlliances { list } => tr!(l, "Alliances: {}", "Союзы: {}", list),
            Msg::StatusMinors { list } => tr!(l, "Minor powers: {}", "Малые державы: {}", list),
            Msg::StatusCaptured { list } => tr!(l, "Captured leaders: {}", "Пленные лидеры: {}", list),
            Msg::StatusLeaders { list } => tr!(l, "Leaders: {}", "Лидеры: {}", list),
            Msg::StatusTreasures { list, row, pool } => tr!(l, "Treasures held (secret, counts only): {}; Portuguese row: {} face down; pool: {}", "Сокровища на руках (тайные, только число): {}; португальский ряд: {} рубашкой вверх; запас: {}", list, row, pool),
            Msg::YourTreasures { power, list } => tr!(l, "Your treasures ({}): {}. Spend one for its CP in your impulse: {}", "Ваши сокровища ({}): {}. Потратить на ОД в свой импульс: {}", self.power(*power), list, self.command("treasure", &["which"])),
            Msg::StatusReligion { list, capitals } => tr!(l, "Religion (Protestant/Catholic spaces): {}; Protestant capitals: {}", "Вера (протестантских/католических пространств): {}; столицы Протестанта: {}", list, capitals),
            Msg::StatusImpulse { power, cp } => match cp {
                Some(cp) => tr!(l, "Impulse: {}, {} CP left", "Импульс: {}, осталось очков: {}", self.power(*power), cp),
                None => tr!(l, "Impulse: {}", "Импульс: {}", self.power(*power)),
            },
            Msg::StatusNone => l.pick("none", "нет").into(),
            Msg::VpRow { power, total, keys, bonus } => tr!(
                l,
                "{} — **{}** (keys {}, bonus {})",
                "{} — **{}** (ключи {}, бонус {})",
                self.power(*power),
                total,
                keys,
                bonus
            ),
            Msg::SeedCommitment { commitment } => tr!(l, "sha256(seed) = `{}`", "SHA-256(сид) = `{}`", commitment),
            Msg::Rule(text) => text.clone(),
            // --- safe input
            Msg::UnknownListed { what, name, hint, allowed } => tr!(l, "unknown {} `{}`{}; allowed: {}", "не найдено: {} `{}`{}; можно: {}", self.thing(what), name, self.hint(hint), self.allowed_near(*allowed, name)),
            Msg::NeedOption { command, option, allowed } => tr!(l, "{} needs {} here; allowed: {}", "для {} здесь нужен параметр {}; можно: {}", self.command(command, &[]), self.option(command, option), self.allowed(*allowed)),
            Msg::NotASpace { id, kind } => {
                use crate::table::resolve::OtherPlace;
                let (en, ru) = match kind {
                    OtherPlace::Settlement => ("a world-map settlement", "поселение на карте мира"),
                    OtherPlace::Ocean => ("an ocean zone of the world map", "океанская зона карты мира"),
                    OtherPlace::Sea => ("a sea zone", "морская зона"),
                };
                tr!(
                    l,
                    "{} is {}; this command takes a Europe land space (units at sea and on the world map are not in the game state yet)",
                    "{} — {}; эта команда принимает только сухопутное пространство Европы (войска в море и на карте мира пока не входят в состояние партии)",
                    self.place_name(id),
                    l.pick(en, ru)
                )
            }
            Msg::RuleList => {
                let mut out = tr!(l, "Rules ({} prints one):", "Правила ({} покажет одно):", self.command("rule", &["id"]));
                for r in crate::table::rules::RULES {
                    out.push_str(&format!("\n**{}** — {}", r.id, crate::table::rules::title(r, l)));
                }
                out
            }
            // --- ops: honest failures, closing games
            Msg::DurabilityInDoubt { error } => tr!(
                l,
                "⚠ This change was made and stored, but the disk did not confirm that it is safely written ({}). It stands: do not send it again. If the server loses power before the disk recovers, the latest actions could be lost; the operator has been told.",
                "⚠ Это изменение внесено и записано, но диск не подтвердил надёжную запись ({}). Изменение в силе: не отправляйте его повторно. Если сервер потеряет питание до восстановления диска, последние действия могут пропасть; оператор предупреждён.",
                error
            ),
            Msg::SeatForNewcomers { power } => tr!(l, "{} is a vacated seat of a game in progress and comes with its hand, so it goes only to a member who holds no seat here", "{} — освободившееся место в идущей партии, вместе с рукой карт, поэтому его может занять только участник без места за этим столом", self_power(self, *power)),
            Msg::SeatAsked { name, power, waiting } => tr!(l, "{} asks to take the vacated seat of {}. The players must agree, each with {}; still to agree: {}.", "{} просит занять освободившееся место: {}. Нужно согласие игроков, каждый — {}; ещё не согласились: {}.", name, self_power(self, *power), self.command("admit", &["power"]), waiting),
            Msg::SeatAgreed { name, power, waiting } => tr!(l, "{} agrees to the request for {}. Still to agree: {}.", "{} согласен(-на) на просьбу о месте: {}. Ещё не согласились: {}.", name, self_power(self, *power), waiting),
            Msg::NoSeatRequest { power } => tr!(l, "nobody is asking for the seat of {}", "никто не просит место: {}", self_power(self, *power)),
            Msg::LeftOffered { name, powers } => {
                let p: Vec<String> = powers.iter().map(|p| self_power(self, *p)).collect();
                tr!(l, "{} leaves {}. The seat is offered to members who hold no seat here: ask with {}; the players agree with {}.", "{} покидает {}. Место предлагается участникам без места за этим столом: попросите через {}; игроки соглашаются через {}.", name, p.join(", "), self.command("join", &["power"]), self.command("admit", &["power"]))
            }
            Msg::CardOwnerWillDecide => l.pick("that card is not in your hand or face up, so where it is stays hidden and nothing moves now: if a player holds it, they have been asked privately and it moves only if they make this adjustment themselves; a card in the deck is moved by a moderator", "этой карты нет ни у вас в руке, ни в открытую, поэтому где она, остаётся тайной и сейчас ничего не перемещается: если она у игрока, его спросили лично, и карта переместится, только если он сам сделает эту поправку; карту из колоды перемещает модератор").into(),
            Msg::TreasureOwnerWillDecide { power } => tr!(l, "those treasures are {}'s: its player has been asked privately, and they are put back only if that player makes this adjustment", "эти сокровища принадлежат державе {}: её игрока спросили лично, и они вернутся, только если он сам сделает эту поправку", self_power(self, *power)),
            Msg::TreasureOwnerAsked { name, power, line } => tr!(l, "{} asks to put back treasures you hold ({}). If you agree, send `{}`; otherwise nothing happens.", "{} просит вернуть сокровища, которые у вас ({}). Если вы согласны, отправьте `{}`; иначе ничего не произойдёт.", name, self_power(self, *power), self.command_line(line)),
            Msg::TreasureOwnerAbsent { power } => tr!(l, "nobody plays {}, so nobody can agree to putting back its treasures", "за державу {} никто не играет, поэтому согласиться вернуть её сокровища некому", self_power(self, *power)),
            Msg::CardOwnerAsked { name, power, line } => tr!(l, "{} asks to move a card out of your hand ({}). If you agree, send `{}`; otherwise nothing happens.", "{} просит забрать карту из вашей руки ({}). Если вы согласны, отправьте `{}`; иначе ничего не произойдёт.", name, self_power(self, *power), self.command_line(line)),
            Msg::CardOwnerAbsent => l.pick("that card is in a hand whose power has no player to agree to moving it", "эта карта в руке державы, за которую никто не играет, и согласиться некому").into(),
            Msg::MapTooSoon { seconds } => tr!(l, "you asked for a map just now; ask again in {} s (the map is also posted at every new impulse and phase)", "вы только что запрашивали карту; повторите через {} с (карта и так публикуется в начале каждого импульса и фазы)", seconds),
            Msg::CloseNotAllowed => tr!(l, "only the seated players together (or the game's creator while no one is seated) or a member who can manage this channel can close the game; see {}", "закрыть партию могут только все игроки за столом вместе (или её создатель, пока никто не сел) либо участник с правом управлять каналом; см. {}", self.command("help", &[])),
            Msg::CloseAsked { name, waiting } => tr!(l, "{} asks to close this game without finishing it. It closes when every player has sent {}; still to ask: {}.", "{} предлагает закрыть партию, не доигрывая. Она закроется, когда все игроки отправят {}; ещё не отправили: {}.", name, self.command("close", &[]), waiting),
            Msg::GameClosed { id, by } => tr!(l, "Game #{} is closed ({}); it will not be finished. The channel is free: {} opens a new game.", "Партия №{} закрыта ({}) и не будет доиграна. Канал свободен: {} откроет новую партию.", id, by, self.command("new", &[])),
            Msg::CloseBrokenNotAllowed { error } => tr!(l, "the game of this channel could not be loaded ({}); one of its players, its creator or a member who can manage this channel can close it with {}", "партию этого канала не удалось загрузить ({}); закрыть её командой {} может её игрок, создатель или участник с правом управлять каналом", error, self.command("close", &[])),
            Msg::BrokenGameClosed { id, by, error } => tr!(l, "Game #{} could not be loaded ({}) and is now closed ({}). Its log stays in the database for the operator.", "Партию №{} не удалось загрузить ({}), теперь она закрыта ({}). Её журнал остаётся в базе у оператора.", id, error, by),
            Msg::UnknownScenario { name, known } => tr!(l, "unknown scenario `{}`; known: {}", "неизвестный сценарий `{}`; есть: {}", name, known),
            // --- position files (issue 17)
            Msg::PositionUnread { name } => tr!(l, "the file `{}` could not be read; attach it (Discord) or give a readable path (terminal)", "файл `{}` не прочитан; приложите его (в Дискорде) или укажите доступный путь (терминал)", name),
            Msg::PositionRefused { name, problems } => {
                let shown: Vec<&str> = problems.iter().take(25).map(String::as_str).collect();
                let more = problems.len().saturating_sub(shown.len());
                let tail = if more > 0 { tr!(l, "\n… and {} more", "\n… и ещё {}", more) } else { String::new() };
                tr!(
                    l,
                    "the position `{}` was not accepted ({} problem(s)); nothing has changed. Fix the file (docs/position.md) and send it again:\n```\n{}{}\n```",
                    "позиция `{}` не принята (ошибок: {}); ничего не изменилось. Исправьте файл (`docs/position.md`) и пришлите снова:\n```\n{}{}\n```",
                    name, problems.len(), shown.join("\n"), tail
                )
            }
            Msg::PositionLoaded { name, turn, phase, powers } => {
                let p: Vec<String> = powers.iter().map(|p| self_power(self, *p)).collect();
                tr!(
                    l,
                    "Position `{}` loaded: turn {}, {}. Powers in play: {}. Each needs a seat ({}); then {} begins there, and every hand goes to its holder privately.",
                    "Позиция `{}` загружена: ход {}, {}. Державы в игре: {}. Каждой нужен игрок ({}); затем {} начнёт партию с этого места, а каждая рука уйдёт владельцу лично.",
                    name, turn, phase, p.join(", "), self.command("join", &["power"]), self.command("start", &[])
                )
            }
            Msg::PositionDiff { scenario, spaces, units } => {
                const SHOWN: usize = 8;
                let mut names: Vec<String> = spaces.iter().take(SHOWN).map(|s| self.space(*s)).collect();
                if spaces.len() > SHOWN {
                    names.push(tr!(l, "and {} more", "и ещё {}", spaces.len() - SHOWN));
                }
                let per: Vec<String> = units
                    .iter()
                    .map(|(o, pos, printed)| {
                        let mark = if pos != printed { " ⚠" } else { "" };
                        tr_each!(l, "{}: land units {}, squadrons {} (printed map: {}, {}){}", [self.owner(*o), pos[0], pos[1], printed[0], printed[1], mark], "{}: сухопутных {}, эскадр {} (на карте сценария: {}, {}){}", [self.owner(*o), pos[0], pos[1], printed[0], printed[1], mark])
                    })
                    .collect();
                let head = if spaces.is_empty() {
                    tr!(l, "The position matches the printed {} map space for space.", "Позиция совпадает с картой сценария {} во всех пространствах.", scenario)
                } else {
                    tr_each!(l, "Compared with the printed {} map, {} differ (control, religion or units): {}.", [scenario, self.n_of(spaces.len() as u32, ["space", "spaces"], ["", "", ""]), names.join(", ")], "По сравнению с картой сценария {} отличаются пространства ({}: контроль, вера или войска): {}.", [scenario, spaces.len(), names.join(", ")])
                };
                tr!(l, "{}\nUnits per owner — {}.", "{}\nВойска по владельцам — {}.", head, per.join("; "))
            }
            Msg::PositionSeats { unseated, not_in_play } => {
                let list = |v: &[Power]| v.iter().map(|p| self_power(self, *p)).collect::<Vec<_>>().join(", ");
                match (unseated.is_empty(), not_in_play.is_empty()) {
                    (false, true) => tr!(l, "the position's powers need seats first: {}", "сначала займите места держав позиции: {}", list(unseated)),
                    (true, false) => tr!(l, "these seats are for powers the position does not have in play: {}; {} them", "в позиции нет этих держав: {}; освободите их места ({})", list(not_in_play), self.command("leave", &["power"])),
                    _ => tr!(l, "the seats must be the position's powers: seat {}, and free {}", "места должны совпадать с державами позиции: займите {}, освободите {}", list(unseated), list(not_in_play)),
                }
            }
        }
    }
}

pub(super) fn self_power(t: &Texts<'_>, p: Power) -> String {
    t.power(p)
}
