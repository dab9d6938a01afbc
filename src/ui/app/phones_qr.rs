//! A link as a QR code, painted square by square, for a phone's camera.

use qrcode::{Color, QrCode};

/// The size of one square of the code, in points.
const MODULE: f32 = 2.5;

/// Paints the QR code of a link, with its quiet margin; nothing if the link cannot be coded.
pub fn qr_ui(ui: &mut egui::Ui, link: &str) {
    let Ok(code) = QrCode::new(link.as_bytes()) else {
        return;
    };
    let width = code.width();
    let colors = code.to_colors();
    let margin = 4.0;
    let side = (width as f32 + 2.0 * margin) * MODULE;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
    for (i, color) in colors.iter().enumerate() {
        if *color == Color::Dark {
            let (x, y) = ((i % width) as f32, (i / width) as f32);
            let min = rect.min + egui::vec2((x + margin) * MODULE, (y + margin) * MODULE);
            painter.rect_filled(
                egui::Rect::from_min_size(min, egui::vec2(MODULE, MODULE)),
                0.0,
                egui::Color32::BLACK,
            );
        }
    }
}
