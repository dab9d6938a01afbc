//! The links as QR codes, for a phone's camera: each encoded once per table, as a texture the
//! desk draws every frame (a square per module, sharp at any zoom).

use qrcode::{Color, QrCode};

/// The size of one square of a code, in points: a code of some 45 squares is about 115 pixels
/// at the desk's usual zoom, read by a phone's camera from a metre away.
const MODULE: f32 = 2.0;
/// The quiet margin around a code, in modules.
pub const MARGIN: usize = 4;

/// The codes of the links shown, by link.
#[derive(Default)]
pub struct QrCodes {
    codes: Vec<(String, Option<egui::TextureHandle>)>,
    /// How many links were encoded: once each per table.
    pub encoded: usize,
}

impl QrCodes {
    /// The code of a link, encoded the first time it is asked for; none if the link cannot be
    /// coded.
    pub fn texture(&mut self, ctx: &egui::Context, link: &str) -> Option<&egui::TextureHandle> {
        let at = match self.codes.iter().position(|(l, _)| l == link) {
            Some(at) => at,
            None => {
                self.encoded += 1;
                let texture = encode(ctx, link);
                self.codes.push((link.to_owned(), texture));
                self.codes.len() - 1
            }
        };
        self.codes[at].1.as_ref()
    }

    /// Keeps only the codes of these links (another game's links, or another address).
    pub fn keep_only(&mut self, links: &[&str]) {
        self.codes.retain(|(l, _)| links.contains(&l.as_str()));
    }

    /// How many links' codes are held now.
    pub fn held(&self) -> usize {
        self.codes.len()
    }
}

fn encode(ctx: &egui::Context, link: &str) -> Option<egui::TextureHandle> {
    let code = QrCode::new(link.as_bytes()).ok()?;
    let width = code.width();
    let side = width + 2 * MARGIN;
    let mut pixels = vec![egui::Color32::WHITE; side * side];
    for (i, color) in code.to_colors().iter().enumerate() {
        if *color == Color::Dark {
            let (x, y) = (i % width + MARGIN, i / width + MARGIN);
            pixels[y * side + x] = egui::Color32::BLACK;
        }
    }
    let image = egui::ColorImage::new([side, side], pixels);
    Some(ctx.load_texture(format!("qr {link}"), image, egui::TextureOptions::NEAREST))
}

/// Draws a link's code, its modules [`MODULE`] points wide; nothing if it cannot be coded.
pub fn qr_ui(ui: &mut egui::Ui, codes: &mut QrCodes, link: &str) {
    let ctx = ui.ctx().clone();
    if let Some(texture) = codes.texture(&ctx, link) {
        let size = texture.size_vec2() * MODULE;
        ui.add(egui::Image::new((texture.id(), size)));
    }
}
