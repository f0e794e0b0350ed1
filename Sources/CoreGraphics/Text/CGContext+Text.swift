import CCairo
import Foundation

/// How glyphs are painted: filled, stroked, both, not at all, and whether they are added to the clip.
public enum CGTextDrawingMode: Int32, Sendable {
    case fill, stroke, fillStroke, invisible, fillClip, strokeClip, fillStrokeClip, clip
}

extension CGContext {
    /// The font `showGlyphs` draws with. Part of the graphics state.
    public func setFont(_ font: CGFont) {
        state.font = font
    }

    /// The size (points in text space) `showGlyphs` draws at; default 12. Part of the graphics state.
    public func setFontSize(_ size: CGFloat) {
        guard size.isFinite else { return Diagnostics.warn("CGContextSetFontSize: ignored a non-finite size") }
        state.fontSize = size
    }

    /// Extra space between characters (points in text space). Kept in the graphics state;
    /// `showGlyphs(_:at:)` places glyphs where it is told, so nothing reads it there (as on Apple).
    public func setCharacterSpacing(_ spacing: CGFloat) {
        guard spacing.isFinite else { return }
        state.characterSpacing = spacing
    }

    /// Whether glyphs are filled, stroked, invisible, or added to the clip. Part of the graphics state.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) {
        state.textDrawingMode = mode
    }

    /// Draws `glyphs` of the context's font at `positions` (text space: the text matrix maps them
    /// to user space), in the text drawing mode. Extra glyphs or positions are ignored.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        guard let font = state.font else { return }
        drawGlyphs(glyphs, at: positions, face: font.face, size: state.fontSize)
    }

    /// Draws `glyphs` of `face` at `size` points, each at its text-space position, the outline
    /// first through `fontMatrix` (Core Text's font matrix), then the text matrix. The current
    /// path is left as it was.
    package func drawGlyphs(
        _ glyphs: [CGGlyph], at positions: [CGPoint], face: FontFace, size: CGFloat,
        fontMatrix: CGAffineTransform = .identity, mode: CGTextDrawingMode? = nil
    ) {
        let mode = mode ?? state.textDrawingMode
        guard mode != .invisible, size.isFinite, size != 0 else { return }
        // Glyphs wholly outside the clip are left out (a line of a million characters built a
        // path of gigabytes for the few glyphs on the canvas); a stroke reaches half its width out.
        let reach = mode == .fill || mode == .fillClip || mode == .clip ? 1 : max(1, state.lineWidth)
        let clipBox = boundingBoxOfClipPath
        let visible = reach.isFinite && clipBox.width.isFinite && clipBox.height.isFinite ? clipBox.insetBy(dx: -reach, dy: -reach) : nil
        let path = glyphsPath(glyphs, at: positions, face: face, size: size, fontMatrix: fontMatrix, within: visible)
        guard !path.isEmpty else { return }
        let saved = cairo_copy_path(cr)
        defer {
            cairo_new_path(cr)
            if let saved {
                if saved.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, saved) }
                cairo_path_destroy(saved)
            }
        }
        beginPath()
        addPath(path)
        switch mode {
        case .fill, .fillClip: fillPath()
        case .stroke, .strokeClip: strokePath()
        case .fillStroke, .fillStrokeClip: drawPath(using: .fillStroke)
        case .invisible, .clip: break
        }
        guard [.fillClip, .strokeClip, .fillStrokeClip, .clip].contains(mode) else { return }
        beginPath()
        addPath(path)
        clip()
    }

    /// Fills `path` (text space: the text matrix maps it to user space) in `color` (the fill colour
    /// when nil), leaving the current path as it was.
    package func fillInTextSpace(_ path: CGPath, color: CGColor?) {
        let placed = CGMutablePath()
        placed.addPath(path, transform: textMatrix)
        guard !placed.isEmpty else { return }
        let saved = cairo_copy_path(cr)
        defer {
            cairo_new_path(cr)
            if let saved {
                if saved.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, saved) }
                cairo_path_destroy(saved)
            }
        }
        saveGState()
        defer { restoreGState() }
        if let color { setFillColor(color) }
        beginPath()
        addPath(placed)
        fillPath()
    }

    /// The outlines of `glyphs` placed as `drawGlyphs` places them, in user space; only those
    /// whose box meets `within` (user space) when it is given.
    package func glyphsPath(
        _ glyphs: [CGGlyph], at positions: [CGPoint], face: FontFace, size: CGFloat, fontMatrix: CGAffineTransform,
        within visible: CGRect? = nil
    ) -> CGPath {
        let path = CGMutablePath()
        let scale = size / CGFloat(face.unitsPerEm)
        let glyphToText = CGAffineTransform(scaleX: scale, y: scale).concatenating(fontMatrix)
        for (glyph, position) in zip(glyphs, positions) where position.x.isFinite && position.y.isFinite {
            let outline = face.outline(of: glyph)
            guard !outline.isEmpty else { continue }
            let place = glyphToText.concatenating(CGAffineTransform(translationX: position.x, y: position.y)).concatenating(textMatrix)
            if let visible, !visible.isNull, !outline.boundingBoxOfPath.applying(place).intersects(visible) { continue }
            path.addPath(outline, transform: place)
        }
        return path
    }
}
