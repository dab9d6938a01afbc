//! The markers of a solo game: plain on the table, some hiding Insurgent units.

use std::collections::{HashMap, HashSet};

use crate::text::quoted;
use crate::unit::Side;

use super::super::ContactSetup;
use super::super::file::{ScenarioFile, UnitFile};
use super::Checker;

/// Contacts: markers with unique names, at least as many as the units they hide, and each unit
/// an Insurgent one of the scenario set up on the table (not in ambush, not arriving later).
pub(super) fn check_contacts(c: &mut Checker, file: &ScenarioFile) -> Option<ContactSetup> {
    let contacts = file.contacts.as_ref()?;
    let mut names: HashSet<&str> = HashSet::new();
    for (i, marker) in contacts.markers.iter().enumerate() {
        if !names.insert(marker.id.as_str()) {
            c.problem(
                format!("contacts.markers[{i}].id"),
                format!("marker {} is listed twice", quoted(&marker.id)),
            );
        }
    }
    let mut units: HashMap<&str, &UnitFile> = HashMap::new();
    for unit in &file.units {
        units.entry(unit.id.as_str()).or_insert(unit);
    }
    let mut hidden: HashSet<&str> = HashSet::new();
    for (i, id) in contacts.units.iter().enumerate() {
        let path = format!("contacts.units[{i}]");
        let q = quoted(id);
        match units.get(id.as_str()) {
            None => c.problem(path, format!("no unit {q} in \"units\"")),
            Some(u) if u.side != Side::Insurgent => c.problem(
                path,
                format!("{q} is a Regular unit: only Insurgent units hide under markers"),
            ),
            Some(u) if u.ambush.is_some() || u.arrives.is_some() => c.problem(
                path,
                format!("{q} is not on the table at the start: only units set up on it hide under markers"),
            ),
            Some(_) if !hidden.insert(id.as_str()) => {
                c.problem(path, format!("{q} is listed twice"));
            }
            Some(_) => {}
        }
    }
    if contacts.markers.len() < contacts.units.len() {
        c.problem(
            "contacts.markers",
            format!(
                "{} markers for {} units: each unit needs a marker of its own",
                contacts.markers.len(),
                contacts.units.len()
            ),
        );
    }
    Some(ContactSetup {
        markers: contacts
            .markers
            .iter()
            .map(|m| (m.id.clone(), m.at.clone()))
            .collect(),
        units: contacts.units.clone(),
    })
}
