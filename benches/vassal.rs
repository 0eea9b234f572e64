//! VASSAL import benchmark (issue 31): a synthetic module with 500 palette pieces and a region
//! for every space, and a save of it with 1,000 pieces (stacked on the spaces, obfuscated).
//!
//! - `vassal/read_module_500`: unzip and read the build file (maps, regions, pieces, decks);
//! - `vassal/read_save_1000`: unzip, deobfuscate and read the command stream;
//! - `vassal/mapping_and_conversion_1000`: reading the mapping and converting the read save;
//! - `vassal/module_and_save_to_position`: both reads, the mapping read, the conversion to a
//!   position file and the position's check (`position::import`) — what
//!   `vqbot vassal position` does, without the file writes.
//!
//! Run with `cargo bench --bench vassal`.

use criterion::{criterion_group, Criterion};
use vqbot::engine::Ruleset;
use vqbot::position::{self, Source};
use vqbot::vassal::convert::to_position;
use vqbot::vassal::mapping::{generate, read_mapping};
use vqbot::vassal::module::read_module;
use vqbot::vassal::pieces::Piece;
use vqbot::vassal::save::read_save;
use vqbot::vassal::synth::{module_zip, save_zip, SynthMap, SynthModule, SynthSave};

const OWNERS: [&str; 6] = [
    "Ottoman", "Spain", "England", "France", "Empire", "Huguenot",
];
const KINDS: [&str; 3] = ["Regular", "Mercenary", "Cavalry"];

fn files(rs: &Ruleset) -> (Vec<u8>, Vec<u8>) {
    let regions = rs
        .spaces
        .iter()
        .map(|s| (s.name_en.clone(), s.pos.0 as i32, s.pos.1 as i32))
        .collect();
    // 500 palette pieces: 18 unit counters and 482 others named by number
    let mut palette: Vec<Piece> = Vec::new();
    for o in OWNERS {
        for k in KINDS {
            palette.push(Piece {
                name: format!("{o} {k} 1"),
                properties: vec![("Nation".into(), o.into())],
                ..Piece::default()
            });
        }
    }
    while palette.len() < 500 {
        palette.push(Piece {
            name: format!("Counter {}", palette.len()),
            properties: vec![("Kind".into(), "decoration".into())],
            ..Piece::default()
        });
    }
    let m = SynthModule {
        name: "Bench Module".into(),
        version: "1".into(),
        maps: vec![SynthMap {
            name: "Main".into(),
            regions,
            ..SynthMap::default()
        }],
        palette,
        ..SynthModule::default()
    };
    // 1,000 unit counters, five to a space, stacked
    let mut s = SynthSave {
        module: "Bench Module".into(),
        version: "1".into(),
        ..SynthSave::default()
    };
    let mut n = 0;
    'outer: for sp in rs.spaces.iter().cycle() {
        let mut members = Vec::new();
        for _ in 0..5 {
            if n == 1000 {
                break;
            }
            let id = format!("{n}");
            // Huguenot counters only in France's zone would be the truth; any owner will do here
            let owner = OWNERS[n % 6];
            s.pieces.push(Piece {
                id: id.clone(),
                name: format!("{owner} {} 1", KINDS[n % 3]),
                map: Some("Main".into()),
                x: sp.pos.0 as i32 + 3,
                y: sp.pos.1 as i32 - 2,
                properties: vec![("Nation".into(), owner.into())],
                prototypes: vec![],
            });
            members.push(id);
            n += 1;
        }
        if !members.is_empty() {
            s.stacks.push((
                format!("s{n}"),
                "Main".into(),
                sp.pos.0 as i32 + 3,
                sp.pos.1 as i32 - 2,
                members,
            ));
        }
        if n == 1000 {
            break 'outer;
        }
    }
    (module_zip(&m), save_zip(&s, 0x5d))
}

fn whole(rs: &Ruleset, module: &[u8], save: &[u8], mapping_text: &str) -> usize {
    let (m, _) = read_module("bench.vmod", module.to_vec()).expect("module");
    let s = read_save("bench.vsav", save.to_vec()).expect("save");
    let mapping = read_mapping(rs, "m.toml", mapping_text).expect("mapping");
    let conv = to_position(rs, &m, &s, &mapping, "bench.vsav");
    // the position need not be legal (counters everywhere); the check is still part of the run
    let _ = position::import(
        rs,
        Source {
            name: "p.toml",
            text: &conv.public,
        },
        None,
        1,
    );
    conv.summary.placed
}

fn bench(c: &mut Criterion) {
    let rs = vqbot::data::load_default().expect("data");
    let (module, save) = files(&rs);
    let (m, _) = read_module("bench.vmod", module.clone()).expect("module");
    let s = read_save("bench.vsav", save.clone()).expect("save");
    assert_eq!(m.pieces.len(), 500);
    assert_eq!(s.pieces.len(), 1000);
    let mapping_text = generate(&rs, &m, &[&s]);
    assert_eq!(whole(&rs, &module, &save, &mapping_text), 1000);
    let mut g = c.benchmark_group("vassal");
    g.sample_size(20);
    g.bench_function("read_module_500", |b| {
        b.iter(|| {
            read_module("bench.vmod", module.clone())
                .expect("module")
                .0
                .pieces
                .len()
        })
    });
    g.bench_function("read_save_1000", |b| {
        b.iter(|| {
            read_save("bench.vsav", save.clone())
                .expect("save")
                .pieces
                .len()
        })
    });
    g.bench_function("mapping_and_conversion_1000", |b| {
        b.iter(|| {
            let mapping = read_mapping(&rs, "m.toml", &mapping_text).expect("mapping");
            to_position(&rs, &m, &s, &mapping, "bench.vsav")
                .public
                .len()
        })
    });
    g.bench_function("module_and_save_to_position", |b| {
        b.iter(|| whole(&rs, &module, &save, &mapping_text))
    });
    g.finish();
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
