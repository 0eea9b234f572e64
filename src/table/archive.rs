//! The end of a campaign (issue 29, item 7): when a game ends the channel gets the result, the
//! VP chart, the revealed seed and commitments, and an archive players can keep.
//!
//! The archive is a zip (the `zip` crate is already used for VASSAL modules): `log.txt`, the
//! public log of every action in order with the result, the seed and the commitments, and
//! `maps/NNNN-turn-T-action-A.png`, the public map at every map moment of the game (an impulse
//! or phase that began on a changed board), replayed from the log. A zip of the PNGs keeps
//! every map at full size, which an animated image could not at Discord's size limit. At most
//! [`MAX_MAPS`] maps are drawn (evenly spread over the game, the last one always) and the
//! archive stays under [`MAX_BYTES`]; `log.txt` says what was left out and how to draw it
//! (`vqbot render --at`). Only public things go in: no hand, no secret before its reveal.

use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;

use crate::engine::event::{EventKind, Visibility};
use crate::engine::Game;

use super::messages::{Locale, Texts};
use super::outbox::{Image, Outbox};
use super::{convert, decode_row, lock, Slot, Table};

/// At most this many maps go into an archive.
pub const MAX_MAPS: usize = 60;
/// An archive stays under this size (Discord takes 10 MiB per file).
pub const MAX_BYTES: usize = 9 * 1024 * 1024;

impl Table {
    /// Posts the end of a campaign: the commitments, the VP chart and the archive. Called
    /// once, by the action that ended the game.
    pub(super) fn end_of_campaign(&self, s: &Slot, t: Texts<'_>, out: &mut Outbox) {
        let Some(g) = &s.game else { return };
        // --- campaign (issue 29): marked posted by the front end once it is out
        out.ended = Some(s.row.id);
        let rows = match lock(&self.store).actions(s.row.id) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(game = s.row.id, error = %e, "reading the log for the archive failed");
                return;
            }
        };
        let locale = t.loc;
        // Replay: VP after every action (for the chart), the public log, and the map moments.
        let mut game = match self.start_game(&s.row) {
            Ok((g, _)) => g,
            Err(e) => {
                tracing::warn!(game = s.row.id, error = %e, "the archive's replay does not start");
                return;
            }
        };
        let mut vp: Vec<(u8, [i32; 6])> = vec![(game.turn, game.vp_totals(&self.rs))];
        let mut lines = Vec::new();
        let mut moments: Vec<u64> = Vec::new();
        let mut shown = game.board.clone();
        let mut states: Vec<(u64, Game)> = Vec::new();
        let mut replayed = true;
        for r in &rows {
            let Ok((power, action)) = decode_row(r) else {
                replayed = false;
                break;
            };
            let Ok(events) = game.apply(&self.rs, power, &action) else {
                replayed = false;
                break;
            };
            let who = r.user_id.map(|u| self.name(u)).unwrap_or_default();
            let line = convert::action_line(&action, power, true).unwrap_or_default();
            lines.push(format!(
                "{}. {} ({who}): {}",
                r.seq,
                t.power(power),
                t.command_line(&line)
            ));
            for e in events.iter().filter(|e| e.vis == Visibility::Public) {
                let text = t.event(&e.kind);
                if !text.trim().is_empty() {
                    lines.push(format!("    {text}"));
                }
            }
            vp.push((game.turn, game.vp_totals(&self.rs)));
            let moment = events.iter().any(|e| {
                matches!(
                    e.kind,
                    EventKind::ImpulseStarted { .. } | EventKind::PhaseStarted { .. }
                )
            }) || game.is_over();
            if moment && game.board != shown {
                shown = game.board.clone();
                moments.push(r.seq);
                states.push((r.seq, game.clone()));
            }
        }
        // The maps kept: evenly spread, the last one always.
        let keep: Vec<usize> = if states.len() <= MAX_MAPS {
            (0..states.len()).collect()
        } else {
            let n = states.len();
            (0..MAX_MAPS)
                .map(|i| i * (n - 1) / (MAX_MAPS - 1))
                .collect()
        };
        let mut maps: Vec<(String, Vec<u8>)> = Vec::new();
        if let Some(r) = &self.opts.renderer {
            for (k, i) in keep.iter().enumerate() {
                let (seq, st) = &states[*i];
                let png = {
                    let _slot = self.renders.enter();
                    r.render_map(&self.rs, st, locale)
                };
                if let Ok(png) = png {
                    maps.push((
                        format!("maps/{:04}-turn-{}-action-{seq}.png", k + 1, st.turn),
                        png,
                    ));
                }
            }
        }
        // The chart needs no map renderer: it is drawn whenever the game ends.
        let chart = {
            let series = crate::render::vp_by_turn(&vp);
            let _slot = self.renders.enter();
            crate::render::render_vp_chart(&self.rs, &series, locale).ok()
        };
        let head = self.campaign_header(s, g, t);
        out.channel(head.join("\n"));
        let mut notes: Vec<String> = Vec::new();
        if !replayed {
            notes.push(pick(
                locale,
                "The log no longer replays to its end under this game data: the archive stops where it broke.",
                "Журнал не проигрывается до конца на этих данных игры: архив обрывается на этом месте.",
            ));
        }
        let zip = build_zip(
            &head,
            &lines,
            &maps,
            states.len(),
            &mut notes,
            s.row.id,
            locale,
        );
        let mut images = Vec::new();
        if let Some(png) = chart {
            images.push(Image {
                name: format!("vp-chart-g{}.png", s.row.id),
                png,
            });
        }
        match zip {
            Ok((bytes, n_maps)) => {
                out.channel(match locale {
                    Locale::En => format!("🗄 The archive of this campaign: the public log of {} actions and {n_maps} maps in order (of {} map moments). Keep it.", rows.len(), moments.len()),
                    Locale::Ru => format!("🗄 Архив кампании: открытый журнал ({} действий) и {n_maps} карт по порядку (из {} моментов карты). Сохраните его.", rows.len(), moments.len()),
                });
                images.push(Image {
                    name: format!("vq-campaign-g{}.zip", s.row.id),
                    png: bytes,
                });
            }
            Err(e) => tracing::warn!(game = s.row.id, error = %e, "building the archive failed"),
        }
        super::attach_images(out, images);
    }

    /// The result, the revealed seed and the commitments, as lines.
    fn campaign_header(&self, s: &Slot, g: &Game, t: Texts<'_>) -> Vec<String> {
        let l = t.loc;
        let mut head = vec![match l {
            Locale::En => format!(
                "🏁 **The campaign is over** (game {}, turn {}).",
                s.row.id, g.turn
            ),
            Locale::Ru => format!(
                "🏁 **Кампания окончена** (партия {}, ход {}).",
                s.row.id, g.turn
            ),
        }];
        let vp = g.vp_totals(&self.rs);
        let mut rows: Vec<(i32, String)> = g
            .powers
            .iter()
            .map(|p| (vp[p as usize], format!("{} {}", t.power(p), vp[p as usize])))
            .collect();
        rows.sort_by_key(|r| std::cmp::Reverse(r.0));
        head.push(match l {
            Locale::En => format!(
                "VP: {}",
                rows.into_iter().map(|r| r.1).collect::<Vec<_>>().join(", ")
            ),
            Locale::Ru => format!(
                "ПО: {}",
                rows.into_iter().map(|r| r.1).collect::<Vec<_>>().join(", ")
            ),
        });
        head.push(match l {
            Locale::En => format!("Seed `{}`; its commitment sha256(seed) = `{}`, posted when the game opened.", s.row.seed, s.row.seed_commitment),
            Locale::Ru => format!("Сид `{}`; его обязательство SHA-256(сид) = `{}`, опубликованное при открытии партии.", s.row.seed, s.row.seed_commitment),
        });
        if let Some(c) = &g.empire.commitment {
            // The choice itself is public once revealed (the game's end reveals it).
            let choice = g
                .empire
                .secret
                .as_ref()
                .filter(|_| g.empire.revealed)
                .map(|(ch, salt)| format!(" — {ch:?}, salt `{salt}`"));
            head.push(match l {
                Locale::En => format!(
                    "The Empire's secret choice: commitment `{c}`{}.",
                    choice.unwrap_or_default()
                ),
                Locale::Ru => format!(
                    "Тайный выбор Империи: обязательство `{c}`{}.",
                    choice.unwrap_or_default()
                ),
            });
        }
        head
    }
}

fn pick(l: Locale, en: &str, ru: &str) -> String {
    l.pick(en, ru).to_string()
}

/// The zip: `log.txt` and as many maps as fit under [`MAX_BYTES`]; returns it and the number
/// of maps in it.
fn build_zip(
    head: &[String],
    lines: &[String],
    maps: &[(String, Vec<u8>)],
    moments: usize,
    notes: &mut Vec<String>,
    game: i64,
    l: Locale,
) -> Result<(Vec<u8>, usize), zip::result::ZipError> {
    let text_size: usize = head.iter().chain(lines).map(|x| x.len() + 1).sum();
    let mut budget = MAX_BYTES.saturating_sub(text_size + 64 * 1024);
    let mut kept = Vec::new();
    for (name, png) in maps {
        if png.len() + 200 > budget {
            break;
        }
        budget -= png.len() + 200;
        kept.push((name, png));
    }
    if kept.len() < moments {
        notes.push(match l {
            Locale::En => format!("{} of {moments} map moments are drawn here (evenly spread, the last one always); draw any other with `vqbot render --db FILE --game {game} --at SEQ`.", kept.len()),
            Locale::Ru => format!("Здесь {} из {moments} моментов карты (равномерно, последний всегда); любую другую карту рисует `vqbot render --db FILE --game {game} --at SEQ`.", kept.len()),
        });
    }
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let deflate = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let stored = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    w.start_file("log.txt", deflate)?;
    let mut text = head.join("\n");
    text.push_str("\n\n");
    for n in notes.iter() {
        text.push_str(n);
        text.push('\n');
    }
    text.push('\n');
    text.push_str(&lines.join("\n"));
    text.push('\n');
    w.write_all(text.as_bytes())?;
    for (name, png) in &kept {
        w.start_file(name.as_str(), stored)?;
        w.write_all(png)?;
    }
    let n = kept.len();
    Ok((w.finish()?.into_inner(), n))
}
