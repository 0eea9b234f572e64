//! The ruleset's ready action names (issues 24–26: the listings clone them instead of building a
//! name per candidate) are the data ids, so listed actions name the same spaces and leaders.

use crate::common;

#[test]
fn space_names_are_the_space_ids() {
    let rs = common::rs();
    assert_eq!(rs.space_names.len(), rs.spaces.len());
    for s in rs.space_ids() {
        assert_eq!(rs.space_name(s).as_str(), rs.space(s).id, "space {s:?}");
    }
}

#[test]
fn leader_names_are_the_leader_ids() {
    let rs = common::rs();
    assert_eq!(rs.leader_names.len(), rs.leaders.len());
    for (n, l) in rs.leader_names.iter().zip(&rs.leaders) {
        assert_eq!(n.as_str(), l.id);
    }
}

#[test]
fn a_cloned_ruleset_keeps_its_names() {
    let rs = common::rs().clone();
    let last = rs.space_ids().last().expect("spaces");
    assert_eq!(rs.space_name(last).as_str(), rs.space(last).id);
}

#[test]
fn zone_ports_are_the_ports_on_each_zone() {
    let rs = common::rs();
    assert!(!rs.sea_zones.is_empty());
    for z in &rs.sea_zones {
        assert_eq!(
            rs.zone_ports(&z.id).as_ref(),
            rs.ports_on(&z.id).as_slice(),
            "{}",
            z.id
        );
    }
    assert!(rs.zone_ports("NO_SUCH_SEA").is_empty());
}
