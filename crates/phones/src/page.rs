//! The page every seat opens: plain HTML, CSS and a little JavaScript, in the binary. No build
//! step, nothing fetched from elsewhere.

/// The page.
pub const HTML: &str = include_str!("page/index.html");
/// Its style.
pub const CSS: &str = include_str!("page/page.css");
/// Its script: the live view, the pad of faces, the answers.
pub const JS: &str = include_str!("page/page.js");
/// The page of words for a link that opens no seat, or an address that is no route:
/// `{TITLE}` and `{WORDS}` (paragraphs) filled in.
pub const NOTICE: &str = include_str!("page/notice.html");
