//! The rules catalogue for `rule R-…`: a short statement of each numbered seed rule, in our own
//! words, in English and Russian.

use super::messages::Locale;

/// One rule: id, English, Russian.
pub struct RuleText {
    /// The stable id, e.g. `R-GAME-PLAYERS`.
    pub id: &'static str,
    /// Text: English, Russian.
    pub text: [&'static str; 2],
}

/// A rule's title for lists: its first sentence (or clause), cut at about 70 characters.
pub fn title(r: &RuleText, loc: Locale) -> String {
    let text = r.text[loc as usize];
    let end = text
        .char_indices()
        .find(|(i, c)| matches!(c, '.' | ':' | ';') && text[i + 1..].starts_with(' ') || *c == '\n')
        .map_or(text.len(), |(i, _)| i);
    let first = text[..end].trim_end_matches('.');
    if first.chars().count() <= 70 {
        return first.to_string();
    }
    let cut: String = first.chars().take(70).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(a, _)| a);
    format!("{}…", cut.trim_end_matches([',', ';', ':', '—', ' ']))
}

/// Every seed rule id the table can print.
pub static RULES: &[RuleText] = &[
    RuleText { id: "R-GAME-PLAYERS", text: [
        "Between two and six people play. The six major powers (Ottoman, Spain, England, France, the Holy Roman Empire, the Protestant) are shared out among them, so one person may run several. The Protestant is a single power made of two factions, Huguenot and Dutch.",
        "Играют от двух до шести человек. Шесть великих держав (Османская империя, Испания, Англия, Франция, Священная Римская империя, Протестант) делятся между ними, так что у одного игрока может быть несколько. Протестант — одна держава из двух фракций: гугеноты и голландцы."] },
    RuleText { id: "R-MAP-SPACES", text: [
        "Europe is made of spaces: squares are keys, circles are unfortified, eight-pointed stars are fortresses. Spaces joined by a line are adjacent.",
        "Европа состоит из пространств: квадрат — ключевое, круг — неукреплённое, восьмиконечная звезда — крепость. Пространства, соединённые линией, соседние."] },
    RuleText { id: "R-MAP-PORTS", text: [
        "A port is a space that reaches the sea zones it touches.",
        "Порт — пространство, через которое можно выйти в граничащие с ним морские зоны."] },
    RuleText { id: "R-MAP-WORLD", text: [
        "The world map has settlements (triangles) with no land links; each touches one ocean zone. Nothing moves straight between the world map and Europe.",
        "На карте мира есть поселения (треугольники) без сухопутных связей; каждое граничит с одной океанской зоной. Между картой мира и Европой напрямую ничего не перемещается."] },
    RuleText { id: "R-SPACE-FORTIFIED", text: [
        "Keys and fortresses change hands only by a successful siege. Up to four land units of the controller can shelter inside against a siege. Fortified spaces serve as winter quarters.",
        "Ключевые пространства и крепости меняют владельца только после успешной осады. До четырёх сухопутных отрядов владельца могут укрыться внутри. Укреплённые пространства — зимние квартиры."] },
    RuleText { id: "R-SPACE-KEY", text: [
        "Holding a key earns its controller victory points and extra cards.",
        "Ключевые пространства приносят владельцу победные очки и карты."] },
    RuleText { id: "R-SPACE-CAPITALS", text: [
        "Capitals are keys drawn with a double border: Istanbul (Ottoman), Madrid and Milan (Spain), London (England), Paris (France), Vienna for the Empire until the capital moves to Prague. The Protestant has no fixed capital.",
        "Столицы — ключевые пространства с двойной рамкой: Стамбул (Османы), Мадрид и Милан (Испания), Лондон (Англия), Париж (Франция), Вена у Империи, пока столица не переедет в Прагу. У Протестанта постоянной столицы нет."] },
    RuleText { id: "R-SPACE-FORTRESS", text: [
        "A fortress gives no VP and no cards but must be besieged like a key. Fortresses can be built in unfortified spaces during play; Spain may also fortify settlements on the world map.",
        "Крепость не даёт ни очков, ни карт, но её надо осаждать, как ключевое пространство. Крепость можно построить в неукреплённом пространстве; Испания может укреплять и поселения на карте мира."] },
    RuleText { id: "R-SPACE-UNFORTIFIED", text: [
        "An unfortified space changes hands without a siege. Units of two powers at war that meet in one unfortified space fight a field battle.",
        "Неукреплённое пространство переходит без осады. Войска двух воюющих держав, оказавшиеся в одном неукреплённом пространстве, вступают в полевое сражение."] },
    RuleText { id: "R-SPACE-HOME", text: [
        "Each space is independent (grey) or the home of one power: a major (Huguenot homes in France and Dutch homes in the Netherlands belong to the Protestant) or a minor: Ireland, the Papacy, Portugal, Scotland, Venice.",
        "Каждое пространство либо независимое (серое), либо родное для одной державы: великой (родные пространства гугенотов во Франции и голландцев в Нидерландах — протестантские) или малой: Ирландия, Папство, Португалия, Шотландия, Венеция."] },
    RuleText { id: "R-CONTROL-DEFAULT", text: [
        "A space belongs to its home power unless another power took it; only then does it carry a control marker.",
        "Пространство принадлежит своей родной державе, пока его не захватил кто-то другой; только тогда на нём лежит маркер контроля."] },
    RuleText { id: "R-CONTROL-SET", text: [
        "A power controls its own home spaces that nobody took, the independent and foreign spaces it took, and the home spaces of minors allied to it.",
        "Держава контролирует свои родные пространства, которые никто не захватил, захваченные ею независимые и чужие пространства, а также родные пространства союзных ей малых держав."] },
    RuleText { id: "R-CONTROL-TERMS", text: [
        "For the acting power, things held by itself or an ally are friendly, things held by a power at war with it are enemy, and things held by nobody are independent. Independent units are never friendly or enemy: they do not intercept and do not block taking an empty unfortified space next to them.",
        "Для действующей державы своё и союзное — дружественное, принадлежащее воюющей с ней державе — вражеское, ничьё — независимое. Независимые войска не бывают ни дружественными, ни вражескими: они не перехватывают и не мешают занять соседнее пустое неукреплённое пространство."] },
    RuleText { id: "R-REL-ZONES", text: [
        "Religion is fought over in four zones: the Netherlands, France, England and Scotland. Rules naming one of them mean a space inside that zone.",
        "Борьба за веру идёт в четырёх зонах: Нидерланды, Франция, Англия, Шотландия. Когда правило называет одну из них, имеется в виду пространство внутри зоны."] },
    RuleText { id: "R-REL-STATE", text: [
        "Every space is Catholic or Protestant: as printed, or as the face of the marker on it.",
        "Каждое пространство католическое или протестантское: как напечатано, либо как показывает лежащий на нём маркер."] },
    RuleText { id: "R-REL-OUTSIDE", text: [
        "Spaces outside the four zones never change religion; they still count with their printed faith when a neighbouring space is being converted. (How a conversion is rolled is our reconstruction: X-REL-CONVERT.)",
        "Пространства вне четырёх зон не меняют веру, но учитываются со своей напечатанной верой при обращении соседнего пространства. (Как бросается обращение — наша реконструкция: X-REL-CONVERT.)"] },
    RuleText { id: "R-MARKER", text: [
        "A single marker shows both who controls a space and its religion. Keys get square markers, other spaces hex markers.",
        "Один маркер показывает и владельца пространства, и его веру. На ключевых — квадратные маркеры, на остальных — шестиугольные."] },
    RuleText { id: "R-HRE-MASTER", text: [
        "At each Victory Determination the Empire holds the Master of Central Europe marker (+1 VP, never counted twice) while it controls Prague, Vienna and Buda with no unrest in any of them.",
        "В каждой фазе подсчёта победы Империя держит маркер «Владыка Центральной Европы» (+1 ПО, не больше одного раза), пока контролирует Прагу, Вену и Буду без беспорядков в них."] },
    RuleText { id: "R-HRE-SECRET", text: [
        "In the first turn's Spring Deployment, after negotiations, the Empire secretly picks Protestant, Catholic or Balanced. It is revealed at a Victory Determination only if its VP would let the Empire win or would stop another power's domination victory (never a standard 25-VP one), and in any case when the game ends. Its VP come from the Empire's special track.",
        "В весеннем развёртывании первого хода, после переговоров, Империя тайно выбирает: протестантский, католический или сбалансированный курс. Выбор раскрывается при подсчёте победы, только если его очки дают Империи победу или мешают победе господством другой державы (но не обычной победе по 25 ПО), и в любом случае в конце партии. Очки берутся с особой шкалы Империи."] },
    RuleText { id: "R-HRE-CAPITAL", text: [
        "When the mandatory event Rudolf II makes Rudolf ruler, the Empire's capital moves from Vienna to Prague for good.",
        "Когда обязательное событие «Рудольф II» делает Рудольфа правителем, столица Империи навсегда переезжает из Вены в Прагу."] },
    RuleText { id: "R-HRE-RUDOLF-DEATH", text: [
        "If Rudolf II dies, the Empire loses its card bonus and its administrative rating drops to 1.",
        "Если Рудольф II погибает, Империя теряет бонус карт, а её административный рейтинг становится 1."] },
    RuleText { id: "R-PROT-FACTIONS", text: [
        "Protestant pieces belong to the Huguenots (mainly France) or the Dutch (mainly the Netherlands).",
        "Протестантские фишки принадлежат гугенотам (в основном Франция) или голландцам (в основном Нидерланды)."] },
    RuleText { id: "R-PROT-HEX", text: [
        "Huguenot and Dutch hex markers are interchangeable and can mark any non-key space.",
        "Шестиугольные маркеры гугенотов и голландцев взаимозаменяемы и подходят для любого неключевого пространства."] },
    RuleText { id: "R-PROT-KEYS", text: [
        "Amsterdam, Antwerp and Brussels take Dutch square markers, score 3 VP each and never count toward the Protestant military victory. Any other key the Protestant holds takes a Huguenot square marker and scores 2 VP.",
        "Амстердам, Антверпен и Брюссель получают голландские квадратные маркеры, дают по 3 ПО и не идут в зачёт военной победы протестантов. Любое другое ключевое пространство протестантов — под гугенотским квадратным маркером и даёт 2 ПО."] },
    RuleText { id: "R-PROT-MILITARY-WIN", text: [
        "The Protestant wins militarily when it controls five keys outside the Netherlands.",
        "Протестант одерживает военную победу, контролируя пять ключевых пространств вне Нидерландов."] },
    RuleText { id: "R-PROT-CARDS", text: [
        "At the start of a turn the Protestant draws 4 cards, 5 with at least one key in both the Dutch and the Huguenot rows, 6 with two in both, 7 with three in both.",
        "В начале хода Протестант берёт 4 карты; 5 — если в голландском и гугенотском рядах хотя бы по одному ключевому пространству; 6 — по два; 7 — по три."] },
    RuleText { id: "R-PROT-LEADERS", text: [
        "Huguenot leaders enter in a Protestant fortified home space in France, Dutch leaders in one in the Netherlands, at Spring Deployment or during a revolt there. Once on the map any Protestant leader may lead Huguenot, Dutch or mixed stacks. When units go home each turn, leaders may be taken off to re-enter at a later deployment or revolt.",
        "Гугенотские лидеры появляются в укреплённом родном протестантском пространстве во Франции, голландские — в Нидерландах, при весеннем развёртывании или восстании там. На карте любой протестантский лидер ведёт гугенотов, голландцев или смешанные отряды. Когда войска уходят домой, лидеров можно снять и выставить позже."] },
    RuleText { id: "R-PROT-POOL", text: [
        "Huguenot units are raised only in Huguenot home spaces and Dutch units only in Dutch ones. They may stack, move and fight together and winter in any Protestant fortified space, subject to R-PROT-WINTER.",
        "Гугенотские войска набираются только в гугенотских родных пространствах, голландские — в голландских. Они могут стоять, ходить и сражаться вместе и зимовать в любом укреплённом протестантском пространстве, с учётом R-PROT-WINTER."] },
    RuleText { id: "R-PROT-CAPITAL", text: [
        "The Protestant can have a Huguenot capital in France and a Dutch one in the Netherlands, each declared during a revolt there. A capital serves only its own faction's leaders and units. It lasts until another major takes the space; the marker then waits on the turn track for a later revolt. Paris Is Worth a Mass may also move the Huguenot capital.",
        "У Протестанта может быть гугенотская столица во Франции и голландская в Нидерландах; каждая объявляется при восстании там. Столица обслуживает только свою фракцию. Она держится, пока пространство не захватит другая великая держава; тогда маркер ждёт на шкале ходов следующего восстания. «Париж стоит мессы» тоже может перенести гугенотскую столицу."] },
    RuleText { id: "R-PROT-WINTER", text: [
        "Huguenot units may not winter in the Dutch capital, nor Dutch units in the Huguenot one, nor allied minor units in either; units caught there at winter go to the nearest friendly fortified space that can take them.",
        "Гугеноты не зимуют в голландской столице, голландцы — в гугенотской, союзные малые державы — ни в одной из них; застигнутые там зимой войска идут в ближайшее подходящее дружественное укреплённое пространство."] },
    RuleText { id: "R-FW-DEPLOY", text: [
        "When a foreign-war event is played, its card goes next to the affected power, which moves the required land units (not from besieged spaces) and optionally one leader onto it. Independent pieces stand for the foreign army.",
        "Когда разыгрывается событие внешней войны, карта кладётся рядом с затронутой державой; она переносит на карту нужное число сухопутных отрядов (не из осаждённых пространств) и, по желанию, одного лидера. Иностранную армию изображают независимые фишки."] },
    RuleText { id: "R-FW-FIGHT", text: [
        "Each try to end a foreign war costs 1 CP: a field battle against the foreign army without the defender's extra die and without retreat. When the foreign army is gone the war ends and the survivors return to the capital or another friendly home key.",
        "Каждая попытка закончить внешнюю войну стоит 1 очко: полевое сражение с иностранной армией без бонусного кубика защитника и без отступления. Когда иностранная армия уничтожена, война окончена, а уцелевшие возвращаются в столицу или другое дружественное родное ключевое пространство."] },
    RuleText { id: "R-FW-UPKEEP", text: [
        "While the war lasts the power keeps the required number of units on the card; new land units go there until the number is restored (except the free winter regular). No extra units may go, and units on the card never go home until the war ends.",
        "Пока идёт война, на карте должно быть нужное число отрядов; новые сухопутные отряды идут туда, пока число не восстановлено (кроме бесплатного зимнего регуляра). Лишних отправлять нельзя, и отряды с карты не уходят домой до конца войны."] },
    RuleText { id: "R-MINOR-HIS", text: [
        "The foreign-war seed was written for Here I Stand, whose minors are Genoa, Hungary-Bohemia, Scotland and Venice; Virgin Queen's are Ireland, the Papacy, Portugal, Scotland and Venice.",
        "Исходник про внешние войны написан для Here I Stand, где малые державы — Генуя, Венгрия-Богемия, Шотландия и Венеция; в Virgin Queen это Ирландия, Папство, Португалия, Шотландия и Венеция."] },
    // --- religion: our reconstruction (X-REL-*), not the rulebook's; numbers in religion.csv
    RuleText { id: "X-REL-CONVERT", text: [
        "OUR RECONSTRUCTION, not the rulebook's (its conversion table is not available to us). A conversion attempt is a CP action of the powers named in the data (now: the Protestant and England for the Protestant faith, Spain and France for the Catholic) in a space of the four zones that is not of their faith, next to a space of their faith (outside spaces count with their printed faith, R-REL-OUTSIDE; a port also counts as next to a port of their faith on the same sea zone) or holding their land units. One die plus modifiers (adjacent spaces of the faith, own units, keys); reaching the success number converts. Cost, modifiers and success number are data: a group that owns the game corrects them in map_data/virgin_queen/religion.csv and costs.csv and runs `vqbot check-data`.",
        "НАША РЕКОНСТРУКЦИЯ, а не текст правил (таблицы обращения у нас нет). Попытка обращения — действие за очки держав, названных в данных (сейчас: Протестант и Англия за протестантскую веру, Испания и Франция за католическую), в пространстве одной из четырёх зон не их веры, соседнем с пространством их веры (пространства вне зон считаются по напечатанной вере, R-REL-OUTSIDE; порт считается соседним с портом их веры на той же морской зоне) или с их сухопутными войсками. Один кубик плюс модификаторы (соседние пространства той же веры, свои войска, ключевое пространство); достигнув числа успеха, пространство меняет веру. Стоимость, модификаторы и число успеха — данные: группа, у которой есть игра, исправляет их в map_data/virgin_queen/religion.csv и costs.csv и запускает `vqbot check-data`."] },
    RuleText { id: "X-REL-SIX", text: [
        "From the public fragments: a natural 6 on a conversion attempt also places unrest in the space, unless the roller counts it as a 5. The roller decides (two buttons, or `six count:6` / `six count:5`); the unrest then has the usual unrest effects.",
        "По открытым источникам: выпавшая на попытке обращения шестёрка ещё и ставит в пространстве беспорядки, если бросавший не решит считать её пятёркой. Решает бросавший (две кнопки или `шесть считать:6` / `шесть считать:5`); беспорядки действуют как обычно."] },
    RuleText { id: "X-REL-ONE-REBELLION", text: [
        "From the public fragments: at most one rebellion per zone of religious struggle per impulse (a Protestant revolt in France or the Netherlands, the English Catholic rebellion in England).",
        "По открытым источникам: не больше одного восстания на зону религиозной борьбы за импульс (восстание протестантов во Франции или Нидерландах, английское католическое восстание в Англии)."] },
    RuleText { id: "X-REL-ENG-REBELLION", text: [
        "Known: the English Catholic rebellion rolls 2 more dice with a Spanish regular in Ireland or Scotland (once) and 4 more with one in England. OUR RECONSTRUCTION of the rest: a Catholic power other than England raises it for CP in a Catholic space of England held by England with no English land units there; it rolls the base dice plus those bonuses against England's dice (a base number plus one per English land unit in or next to the space), 5 or 6 hits; with more hits the space gets unrest, and with a wide margin its Catholic English neighbours too. All numbers are in religion.csv and costs.csv; correct them there and run `vqbot check-data`.",
        "Известно: английское католическое восстание бросает на 2 кубика больше, если испанский регуляр стоит в Ирландии или Шотландии (один раз), и на 4 больше, если в Англии. Остальное — НАША РЕКОНСТРУКЦИЯ: его поднимает за очки католическая держава, кроме Англии, в католическом пространстве Англии под контролем Англии без английских сухопутных войск; кубики (базовые плюс бонусы) против кубиков Англии (базовое число плюс по одному за каждый английский сухопутный отряд в пространстве и рядом), попадание на 5 или 6; при перевесе в пространстве беспорядки, а при большом перевесе и в соседних католических английских пространствах. Все числа — в religion.csv и costs.csv; исправьте их там и запустите `vqbot check-data`."] },
    // --- peace (C-DIP-PEACE): Here I Stand's suing for peace, kept as an extra
    RuleText { id: "X-DIP-PEACE-HIS", text: [
        "HERE I STAND'S RULE, not Virgin Queen's (Virgin Queen has no sue-for-peace segment and makes peace by negotiation), so it is OFF unless a group sets `sue_for_peace` to 1 in rules.csv. When on, after `sue`, the enemy gains the war-winner VP; the suing power chooses which of its land units it removes (`peace_units_lost` in rules.csv, all it has if fewer), then may regain from the winner each of its captured leaders, each of its home keys and each pair of its non-key home spaces the winner holds, paying for each with VP (`peace_regain_vp`) or a card the winner draws at random from its hand, its own choice; keys are paid in VP only while `peace_regain_key_card` is 0. The winner's units leave a regained space for the nearest fortified space it controls (the winner chooses among equally near ones). Our reading: only what the winner took from the loser during the game is regained — a home space the scenario gave to another power (Buda, Ottoman since 1541) is not; a game brought in by a position file counts from its printed scenario. The other readings follow Saito's public Here I Stand game.",
        "ПРАВИЛО HERE I STAND, а не Virgin Queen (в Virgin Queen нет отдельной просьбы о мире, мир заключают переговорами), поэтому оно ВЫКЛЮЧЕНО, пока группа не поставит `sue_for_peace` = 1 в rules.csv. Когда оно включено, после `sue` противник получает ПО победителя в войне; просившая мира держава сама выбирает, какие свои сухопутные отряды снять (`peace_units_lost` в rules.csv, все, если их меньше), затем может вернуть у победителя каждого своего пленного лидера, каждый свой ключ и каждую пару своих неключевых родных пространств, которые он держит, платя за каждое ПО (`peace_regain_vp`) или картой, которую победитель тянет наугад из её руки, — по своему выбору; ключи оплачиваются только ПО, пока `peace_regain_key_card` равно 0. Войска победителя уходят из возвращённого пространства в ближайшее укреплённое пространство под его контролем (из нескольких равно близких выбирает победитель). Наше прочтение: возвращается только то, что победитель отнял у проигравшего за эту игру, — родное пространство, которое сценарий отдал другой державе (Буда, османская с 1541 года), не возвращается; для игры, начатой из файла позиции, отсчёт идёт от печатного сценария. Остальные прочтения следуют открытой игре Here I Stand от Saito."] },
    RuleText { id: "X-PROT-CAPITAL-SPACE", text: [
        "OUR READING of R-PROT-CAPITAL with R-SPACE-FORTIFIED (the revolt procedure is not available to us): the capital may be declared in any space of its territory the Protestant holds once the revolt is made, the revolt space included, fortified or not, since a revolt cannot take a fortified space. An unfortified capital is its faction's winter quarters and is lost when another major takes the space. A group that owns the game sets `capital_fortified` to 1 in map_data/virgin_queen/religion.csv to require a fortified space, and runs `vqbot check-data`.",
        "НАШЕ ПРОЧТЕНИЕ R-PROT-CAPITAL вместе с R-SPACE-FORTIFIED (процедуры восстания у нас нет): столицу можно объявить в любом пространстве её территории, которое Протестант держит после восстания, включая само пространство восстания, укреплённое или нет, ведь восстание не берёт укреплённое пространство. Неукреплённая столица служит зимними квартирами своей фракции и теряется, когда пространство берёт другая великая держава. Группа, у которой есть игра, ставит `capital_fortified` в 1 в map_data/virgin_queen/religion.csv, чтобы требовать укреплённое пространство, и запускает `vqbot check-data`."] },
    RuleText { id: "X-DIP-MINOR-PEACE", text: [
        "OUR READING (no source gives how a war on a minor power with no ally ends): the major at war with it ends the war in a Diplomacy phase with `peace target:<minor>`, alone, since the minor has no player to accept or refuse; a new war on that minor then waits as long as between majors (`peace_lock_turns` in rules.csv). The war also ends when the minor gains a major ally by any means (its natural ally's intervention, an event, `adjust`): an allied minor's friends and enemies are its ally's. Spaces taken during the war stay with whoever holds them.",
        "НАШЕ ПРОЧТЕНИЕ (ни один источник не говорит, как кончается война с малой державой без союзника): воюющая с ней великая держава заканчивает войну в фазе дипломатии командой `мир с:<малая держава>` сама, ведь у малой державы нет игрока, который мог бы согласиться или отказаться; новая война с этой малой державой ждёт столько же, сколько между великими (`peace_lock_turns` в rules.csv). Война кончается и тогда, когда у малой державы появляется союзник любым путём (вмешательство естественного союзника, событие, `adjust`): друзья и враги союзной малой державы — те же, что у её союзника. Захваченные за войну пространства остаются у тех, кто их держит."] },
    // --- control next to a siege (issue 27 item 6)
    RuleText { id: "X-CONTROL-BESIEGED", text: [
        "OUR READING of C-CONTROL-UNFORT (Here I Stand 12.2: for 1 CP a power takes an unfortified space with its land units in it or next to it, no enemy land units in it and a line of communication; Virgin Queen's seed adds that adjacent enemy units block, adjacent independents do not, R-CONTROL-TERMS): enemy land units besieged inside a fortress next to the space are shut in behind its walls and do not block; they cannot intercept or avoid battle either. The besiegers around them, and enemy units in a fortress nobody besieges, do block.",
        "НАШЕ ПРОЧТЕНИЕ C-CONTROL-UNFORT (Here I Stand 12.2: за 1 ОД держава берёт неукреплённое пространство, если её сухопутные отряды стоят в нём или рядом, в нём нет вражеских сухопутных отрядов и есть линия коммуникаций; сид Virgin Queen добавляет, что мешают соседние вражеские войска, а независимые — нет, R-CONTROL-TERMS): вражеские сухопутные отряды, осаждённые в соседней крепости, заперты за её стенами и не мешают; они так же не могут перехватывать или уклоняться от боя. Осаждающие вокруг них и вражеские войска в неосаждённой крепости мешают."] },
    // --- treasures (Virgin Queen 6.3): known facts plus our reading of their use
    RuleText { id: "X-TREASURE-PORTUGUESE", text: [
        "Known (the FAQ): Portuguese treasures lie face down in a row of 3 boxes on the map, refilled as needed; in Winter the power controlling Lisbon draws one, the others stay. How we run it: the row is refilled from the pool in every Card Draw phase; in Winter the major power in play that controls Lisbon (itself, or through Portugal as its minor ally, R-CONTROL-SET) draws one at random; an unallied Portugal draws nothing. The channel hears who drew; the face goes to the holder alone. PLACEHOLDER: how many Portuguese treasures exist and what each is worth are not known to us (map_data/virgin_queen/treasures.csv; the row size and the draw are `portuguese_row` and `lisbon_winter_draws` in rules.csv).",
        "Известно (FAQ): португальские сокровища лежат рубашкой вверх в ряду из 3 ячеек на карте и пополняются по мере надобности; зимой держава, контролирующая Лиссабон, тянет одно, остальные остаются. Как это сделано у нас: ряд пополняется из запаса в каждую фазу раздачи карт; зимой великая держава в игре, контролирующая Лиссабон (сама или через союзную ей Португалию, R-CONTROL-SET), тянет одно наугад; Португалия без союзника не тянет. В канале сказано, кто тянул; что именно, узнаёт только владелец. ЗАГЛУШКА: сколько португальских сокровищ и чего стоит каждое, нам неизвестно (map_data/virgin_queen/treasures.csv; размер ряда и число сокровищ — `portuguese_row` и `lisbon_winter_draws` в rules.csv)."] },
    RuleText { id: "X-TREASURE-SPEND", text: [
        "OUR READING, not the rulebook's (the public sources say only that treasures act as extra action currency and can help some events): in its own impulse, with no question pending, a power spends a treasure it holds for its value in CP: added to the CP of the card it played, or, before playing a card, as the CP of that impulse (`treasure which:N`, then `end`). Once spent the treasure's face and value are public and it leaves the game. Values are the `cp_min`..`cp_max` of map_data/virgin_queen/treasures.csv (placeholders); events a treasure helps are applied by hand with `adjust`.",
        "НАШЕ ПРОЧТЕНИЕ, а не текст правил (открытые источники говорят лишь, что сокровища служат дополнительной валютой действий и помогают некоторым событиям): в свой импульс, когда ничей ответ не ожидается, держава тратит своё сокровище и получает его стоимость в ОД: к ОД сыгранной карты или, до розыгрыша карты, как ОД этого импульса (`сокровище какое:N`, затем `закончить`). Потраченное сокровище открывается всем и выходит из игры. Стоимость — `cp_min`..`cp_max` в map_data/virgin_queen/treasures.csv (заглушки); события, которым помогает сокровище, применяют вручную через `adjust`."] },
    // --- ops (issue 28, item 6): corrections must not reveal what is hidden
    RuleText { id: "X-ADJUST-HIDDEN", text: [
        "OUR RULE for corrections (`adjust`), so that they cannot be used to look at hidden things: a card in the deck or in another player's hand is hidden from you. `adjust what:card` on such a card moves nothing and gives the same answer wherever the card is; if a player holds it, they are asked privately and move it by making the adjustment themselves. Cards in your own hand, the discard pile or out of the game move at once. A member with Manage Channels (a referee) moves any card at once, and so does everyone at the one-screen terminal table. Treasures are put back from a power's holdings only by that power's player (asked privately the same way); treasures given from the pool need nobody.",
        "НАШЕ ПРАВИЛО для поправок (`adjust`), чтобы ими нельзя было подсмотреть скрытое: карта в колоде или в чужой руке скрыта от вас. `adjust what:card` с такой картой ничего не перемещает и отвечает одинаково, где бы карта ни была; если она у игрока, его спрашивают лично, и он перемещает её, сам сделав поправку. Карты из вашей руки, сброса или вышедшие из игры перемещаются сразу. Участник с правом «Управлять каналами» (судья) перемещает любую карту сразу, как и все за общим экраном терминала. Сокровища возвращает из запаса державы только её игрок (его спрашивают лично так же); сокровища из общего запаса выдаются без согласия."] },
    // --- marriages (issue 26): known facts plus our reconstruction; numbers in royals.csv and marriage.csv
    RuleText { id: "X-MARRIAGE-ROYALS", text: [
        "Known (public fragments): each European power has unmarried royals, each with an eligibility rating; Rudolf II is one, removed in games of fewer than six powers. OUR RECONSTRUCTION: which royals each power has and every eligibility are data (map_data/virgin_queen/royals.csv, PLACEHOLDERS: names from history and play reports, ratings ours); the Ottoman has none. `status` lists them with their state (single, proposed, engaged, married). A group that owns the game corrects royals.csv and runs `vqbot check-data`.",
        "Известно (открытые источники): у каждой европейской державы есть неженатые королевские особы, у каждой — брачная ценность; одна из них — Рудольф II, которого убирают в партиях меньше чем на шесть держав. НАША РЕКОНСТРУКЦИЯ: какие особы у каждой державы и их ценности — данные (map_data/virgin_queen/royals.csv, ЗАГЛУШКИ: имена из истории и отчётов о партиях, ценности наши); у Османской империи особ нет. `status` показывает их и их положение (свободна, предложена, помолвлена, в браке). Группа, у которой есть игра, исправляет royals.csv и запускает `vqbot check-data`."] },
    RuleText { id: "X-MARRIAGE-PROPOSE", text: [
        "Known: a royal is offered to another power as part of diplomacy and the pair goes to an engagement box; no marriage may be announced with a power one is at war with. OUR RECONSTRUCTION: in the Diplomacy phase a power proposes one of its single royals with a single royal of another power in play it is not at war with (`marry royal:… with:…`); the other power answers before it may finish: it accepts by naming the same pair (or the Accept button) and refuses with `refuse:yes` (or the Refuse button); the proposer may withdraw the same way. Accepted, the pair is engaged; a royal engaged or married cannot be proposed again. Proposals not answered end with the phase.",
        "Известно: особу предлагают другой державе в ходе дипломатии, и пара попадает в поле помолвок; нельзя объявить брак с державой, с которой идёт война. НАША РЕКОНСТРУКЦИЯ: в фазе дипломатии держава предлагает свою свободную особу в пару свободной особе другой державы в игре, с которой не воюет (`брак особа:… с:…`); другая держава отвечает, прежде чем закончить: принимает, назвав ту же пару (или кнопкой «Принять»), отказывает через `отказ:да` (или кнопкой «Отказать»); предложившая держава так же может отозвать предложение. Принятая пара помолвлена; помолвленную или состоящую в браке особу предложить снова нельзя. Предложения без ответа кончаются с фазой."] },
    RuleText { id: "X-MARRIAGE-RESOLVE", text: [
        "Known: at the end of the turn the marriage is resolved with dice plus eligibility on a marriage table whose results run from a murdered husband (rare) to the founding of a new dynasty; both sides can gain VP and cards (a Valois marriage earned France 1 VP in one report). OUR RECONSTRUCTION: as Winter begins (before alliances end and before Victory Determination), each pair of powers with engagements rolls once: the data's dice plus both royals' eligibility plus a modifier when the two are allied; the row of map_data/virgin_queen/marriage.csv holding the total gives each side its VP and cards; the channel sees the dice, the total and the result, the drawn cards go to their holders by DM. Engaged powers that went to war meanwhile break the engagement off (the royals are single again). The French home card's extra VP is applied with `adjust`. Table rows and modifiers are data (PLACEHOLDERS except the named results).",
        "Известно: в конце хода брак решается кубиками плюс брачная ценность по таблице браков, исходы которой — от убитого мужа (редко) до основания новой династии; обе стороны могут получить ПО и карты (в одном отчёте брак Валуа принёс Франции 1 ПО). НАША РЕКОНСТРУКЦИЯ: в начале зимы (до окончания союзов и до подсчёта победы) каждая пара держав с помолвками бросает один раз: кубики из данных плюс брачная ценность обеих особ плюс модификатор, если державы в союзе; строка map_data/virgin_queen/marriage.csv с этой суммой даёт каждой стороне ПО и карты; в канале видны кубики, сумма и исход, взятые карты владельцы получают в личных сообщениях. Помолвленные державы, начавшие тем временем войну, расторгают помолвку (особы снова свободны). Дополнительное ПО от родной карты Франции применяют через `adjust`. Строки таблицы и модификаторы — данные (ЗАГЛУШКИ, кроме названных исходов)."] },
    RuleText { id: "X-MARRIAGE-SAME-HOUSE", text: [
        "Known: if one power marries two royals of the same other power, only the higher one is used for the roll. OUR READING: two powers with several engagements in one turn roll once, with each power's highest-eligibility royal among them (ties: by id); every royal of those engagements is married by that roll, and the channel names the ones not counted.",
        "Известно: если держава вступает в брак с двумя особами одной и той же другой державы, для броска используется только старшая. НАШЕ ПРОЧТЕНИЕ: две державы с несколькими помолвками за ход бросают один раз, с особой наибольшей брачной ценности каждой стороны (при равенстве — по id); все особы этих помолвок вступают в брак этим броском, а канал называет тех, кто не учитывался."] },
    // --- espionage (issue 26): known facts plus our reconstruction; numbers in espionage.csv
    RuleText { id: "X-SPY-ACTION", text: [
        "Known: espionage lets a player look at an opponent's hand, force a discard, or assassinate rulers and leaders; assassinations were frequent in tournament play. Not known: how it is paid or rolled (the espionage table is not public). OUR RECONSTRUCTION: espionage is a CP action of one's impulse against another power in play (`spy target:… effect:look|discard|assassinate whom:…`): it costs the effect's CP and succeeds when one die reaches the effect's number. Without the CP, outside one's impulse, or against oneself it is refused. All costs and numbers are PLACEHOLDERS in map_data/virgin_queen/espionage.csv; a group corrects them there and runs `vqbot check-data`.",
        "Известно: шпионаж позволяет посмотреть руку противника, заставить его сбросить карту или убить правителя или лидера; на турнирах покушения были частыми. Неизвестно: как он оплачивается и бросается (таблица шпионажа не опубликована). НАША РЕКОНСТРУКЦИЯ: шпионаж — действие за ОД в свой импульс против другой державы в игре (`шпионить цель:… что:look|discard|assassinate кого:…`): стоит ОД своего вида и удаётся, если один кубик достигает его числа. Без ОД, вне своего импульса или против себя — отказ. Все стоимости и числа — ЗАГЛУШКИ в map_data/virgin_queen/espionage.csv; группа исправляет их там и запускает `vqbot check-data`."] },
    RuleText { id: "X-SPY-LOOK", text: [
        "OUR RECONSTRUCTION: a successful look shows the target's whole hand to the spying player alone, by DM (as the card effect `look_at_hand` does); the channel hears only how many cards were seen.",
        "НАША РЕКОНСТРУКЦИЯ: удачный взгляд показывает всю руку цели только игроку шпионившей державы, в личном сообщении (как эффект карты `look_at_hand`); канал слышит лишь, сколько карт увидено."] },
    RuleText { id: "X-SPY-DISCARD", text: [
        "OUR RECONSTRUCTION: a successful forced discard takes `discard_cards` cards of the target's hand at random, never a home card (as the card effect `discard N random` does), onto the public discard pile, named in the channel.",
        "НАША РЕКОНСТРУКЦИЯ: удачный принудительный сброс забирает наугад `discard_cards` карт из руки цели, никогда не родную (как эффект карты `discard N random`), в открытый сброс, и канал их называет."] },
    RuleText { id: "X-SPY-ASSASSINATE", text: [
        "Known: rulers and leaders can be assassinated (Elizabeth I can; killing France's Henry III is easy and very bad for France). OUR RECONSTRUCTION: a successful assassination of the target's current ruler brings the next ruler of rulers.csv's succession to the throne at once, or, when none is left, a regency with administrative rating 1 and no card bonus; Rudolf II's death is R-HRE-RUDOLF-DEATH. A leader on the map that is assassinated leaves the game. `adjust what:assassinated target:… on:yes|no` kills a ruler or brings one back by hand.",
        "Известно: правителей и лидеров можно убить (Елизавету I — можно; убить Генриха III Французского легко, и для Франции это очень плохо). НАША РЕКОНСТРУКЦИЯ: удачное покушение на нынешнего правителя цели сразу возводит на трон следующего правителя по rulers.csv, а если никого не осталось — регентство с административным рейтингом 1 и без бонуса карт; смерть Рудольфа II — R-HRE-RUDOLF-DEATH. Убитый лидер на карте выбывает из игры. `adjust what:assassinated target:… on:yes|no` вручную убивает правителя или возвращает его."] },
    RuleText { id: "X-SPY-GUNPOWDER", text: [
        "Known: tournament reports name a Spanish Gunpowder Plot victory, an automatic win. OUR RECONSTRUCTION, labelled as such: when Spain's spies succeed in assassinating England's ruler with the natural roll `gunpowder_natural`, Spain wins at once. It is on while `gunpowder_plot` is 1 in map_data/virgin_queen/espionage.csv; a group sets it to 0 to switch it off.",
        "Известно: турнирные отчёты называют автоматическую победу Испании — Пороховой заговор. НАША РЕКОНСТРУКЦИЯ, отмеченная как таковая: когда шпионы Испании удачно покушаются на правителя Англии и на кубике выпадает `gunpowder_natural`, Испания сразу побеждает. Правило действует, пока `gunpowder_plot` равно 1 в map_data/virgin_queen/espionage.csv; группа ставит 0, чтобы его выключить."] },
    // --- card effects (docs/events.md)
    RuleText { id: "X-CARD-EFFECT", text: [
        "HOW THE TABLE PLAYS WRITTEN CARD EFFECTS (not a rule of the game): a card whose `event` key in cards.csv names an effect file runs it step by step when it is played as an event, or in a battle's or a response window for combat and response cards. Its questions go to the power the step names (`choose option:N`, `choose space:ID`, `casualties` for the owner's units); a step with nothing to act on is announced and skipped; faces of cards drawn, taken or looked at go only to the powers entitled, by DM. The file's `text_source` says where its wording comes from; docs/events.md teaches the format.",
        "КАК СТОЛ ИГРАЕТ ЗАПИСАННЫЕ ЭФФЕКТЫ КАРТ (не правило игры): карта, у которой ключ `event` в cards.csv называет файл эффекта, выполняет его шаг за шагом, когда её играют как событие, а карты боя и ответа — в окне боя или ответа. Вопросы получает держава, названная в шаге (`выбрать вариант:N`, `выбрать где:ID`, `потери` — владелец отрядов); шаг, которому не на что действовать, объявляется и пропускается; лицевые стороны вытянутых, взятых или просмотренных карт видят только те, кому положено, в личных сообщениях. `text_source` файла говорит, откуда его формулировка; формат описан в docs/events.md."] },
];

/// The text of a rule by id (any case, with or without the `R-` prefix; our reconstruction
/// rules start with `X-`).
pub fn rule_text(id: &str, loc: Locale) -> Option<(&'static str, &'static str)> {
    let want = id.trim().to_uppercase();
    let want = if want.starts_with("R-") || want.starts_with("X-") {
        want
    } else {
        format!("R-{want}")
    };
    RULES
        .iter()
        .find(|r| r.id == want)
        .map(|r| (r.id, r.text[loc as usize]))
}
