//! Long text and long lists drawn a page at a time.
//!
//! A scenario file may hold a brief of megabytes or tens of thousands of special rules and
//! still be a good file. Drawn whole, each frame would lay out and paint all of it (gigabytes
//! and seconds for a file under the 10 MiB cap); drawn a page at a time, a frame costs what one
//! page costs, whatever the file. A text or list that fits on one page looks as it always did;
//! a longer one gets a row above it with buttons to turn the page, then which part is shown.
//! The row is above the page and its buttons come first, so they stay where they are whatever
//! the page holds.

use std::collections::HashMap;
use std::ops::Range;

use egui::Ui;

use ambush_core::text::thousands;

/// The most bytes of a text drawn at once (a few screens of reading).
pub const TEXT_PAGE_BYTES: usize = 6_000;
/// How far past a page's nominal end its cut may move to fall after a space, in bytes.
const CUT_SLACK: usize = 200;
/// The most entries of a list drawn at once.
pub const LIST_PAGE: usize = 40;

/// The page shown of each long text and list, by name, and a count of the pages turned (the
/// click guard watches it: a page turned under the pointer guards the place as any change does).
#[derive(Clone, Debug, Default)]
pub struct Pages {
    shown: HashMap<String, usize>,
    turned: u64,
}

impl Pages {
    /// How many times a page was turned: changes with every turn.
    pub fn turned(&self) -> u64 {
        self.turned
    }

    fn page(&self, name: &str, count: usize) -> usize {
        self.shown
            .get(name)
            .copied()
            .unwrap_or(0)
            .min(count.saturating_sub(1))
    }

    fn turn_to(&mut self, name: &str, page: usize) {
        self.shown.insert(name.to_owned(), page);
        self.turned += 1;
    }
}

/// Where page `page` of `text` begins, in bytes: at `page` × [`TEXT_PAGE_BYTES`], moved on to
/// the next character and, if one comes soon, to just after a space or line break, so that a
/// word is not cut in two. Page `page + 1` begins where page `page` ends.
pub fn text_page_start(text: &str, page: usize) -> usize {
    let nominal = page.saturating_mul(TEXT_PAGE_BYTES);
    if page == 0 || nominal >= text.len() {
        return nominal.min(text.len());
    }
    let mut at = nominal;
    while !text.is_char_boundary(at) {
        at += 1;
    }
    let slack_end = (at + CUT_SLACK).min(text.len());
    match text.as_bytes()[at..slack_end]
        .iter()
        .position(|b| b.is_ascii_whitespace())
    {
        Some(space) => at + space + 1,
        None => at,
    }
}

/// How many pages `text` is drawn on (one for an empty text).
pub fn text_pages(text: &str) -> usize {
    let count = text.len().div_ceil(TEXT_PAGE_BYTES).max(1);
    if count > 1 && text_page_start(text, count - 1) >= text.len() {
        count - 1
    } else {
        count
    }
}

/// The entries of page `page` of a list of `len`.
pub fn list_page(len: usize, page: usize) -> Range<usize> {
    let start = page.saturating_mul(LIST_PAGE).min(len);
    start..(start + LIST_PAGE).min(len)
}

/// How many pages a list of `len` is drawn on (one for an empty list).
pub fn list_pages(len: usize) -> usize {
    len.div_ceil(LIST_PAGE).max(1)
}

/// Draws `text` a page at a time with `show`, named `name` ("the brief") in its pager.
pub fn text_ui(
    ui: &mut Ui,
    pages: &mut Pages,
    name: &str,
    text: &str,
    show: impl FnOnce(&mut Ui, &str),
) {
    let count = text_pages(text);
    let page = pages.page(name, count);
    if count > 1 {
        let words = format!(
            "{}, part {} of {}",
            ambush_core::text::capitalized(name),
            page + 1,
            thousands(count as u64)
        );
        pager_ui(ui, pages, name, &words, page, count);
    }
    let part = &text[text_page_start(text, page)..text_page_start(text, page + 1)];
    show(ui, part);
}

/// Draws the entries of `items` a page at a time, each with `show` (given its index in the
/// whole list), named `name` ("special rules") in its pager.
pub fn list_ui<T>(
    ui: &mut Ui,
    pages: &mut Pages,
    name: &str,
    items: &[T],
    mut show: impl FnMut(&mut Ui, &mut Pages, usize, &T),
) {
    let count = list_pages(items.len());
    let page = pages.page(name, count);
    let range = list_page(items.len(), page);
    if count > 1 {
        let words = format!(
            "{} {}–{} of {}",
            ambush_core::text::capitalized(name),
            thousands(range.start as u64 + 1),
            thousands(range.end as u64),
            thousands(items.len() as u64)
        );
        pager_ui(ui, pages, name, &words, page, count);
    }
    for i in range {
        show(ui, pages, i, &items[i]);
    }
}

/// The row above a long text or list: which part is shown, and the buttons to turn the page,
/// each named for what it turns ("special rules: later").
fn pager_ui(ui: &mut Ui, pages: &mut Pages, name: &str, words: &str, page: usize, count: usize) {
    // The buttons first: the words after them change width from page to page, and would move
    // the buttons under the hand.
    ui.horizontal_wrapped(|ui| {
        let buttons = [
            ("First", 0, page > 0),
            ("Earlier", page.saturating_sub(1), page > 0),
            ("Later", page + 1, page + 1 < count),
            ("Last", count - 1, page + 1 < count),
        ];
        for (label, to, enabled) in buttons {
            let full = format!("{name}: {}", label.to_lowercase());
            if super::style::named_button(ui, label, &full, enabled).clicked() {
                pages.turn_to(name, to);
            }
        }
        ui.label(egui::RichText::new(words).italics());
    });
}
