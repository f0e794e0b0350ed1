import QuartzCore
import Testing

// CATextLayer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a Double converts implicitly to CGFloat, a non-optional
// value to an optional).

private func isOpaqueWhite(_ color: CGColor?) -> Bool {
    guard let c = color?.components, let alpha = c.last else { return false }
    return alpha == 1 && c.dropLast().allSatisfy { $0 == 1 }
}

@Suite struct CATextLayerHeaderTests {
    @Test func properties() {
        let text = CATextLayer()
        let _: CALayer = text
        let _: Any?.Type = type(of: text.string)
        let _: CFTypeRef?.Type = type(of: text.font)
        let _: CGFloat.Type = type(of: text.fontSize)
        let _: CGColor?.Type = type(of: text.foregroundColor)
        let _: Bool = text.isWrapped
        let _: CATextLayerTruncationMode = text.truncationMode
        let _: CATextLayerAlignmentMode = text.alignmentMode
        let _: Bool = text.allowsFontSubpixelQuantization
        // The header's defaults.
        #expect(text.string == nil && text.font != nil && text.fontSize == 36)
        #expect(isOpaqueWhite(text.foregroundColor) && !text.isWrapped)
        #expect(text.truncationMode == .none && text.alignmentMode == .natural && !text.allowsFontSubpixelQuantization)

        text.string = "Strata"
        text.string = NSAttributedString(string: "Strata")
        text.font = NSString(string: "Helvetica")
        text.fontSize = 12
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        text.isWrapped = true
        text.truncationMode = .middle
        text.alignmentMode = .justified
        text.allowsFontSubpixelQuantization = true
        #expect(text.string is NSAttributedString && text.fontSize == 12 && text.isWrapped)
        #expect(text.truncationMode == .middle && text.alignmentMode == .justified && text.allowsFontSubpixelQuantization)
        text.string = nil
        text.font = nil
        text.foregroundColor = nil
    }

    @Test func modes() {
        let _: CATextLayerTruncationMode = CATextLayerTruncationMode(rawValue: "end")
        #expect(CATextLayerTruncationMode.none.rawValue == "none")
        #expect(CATextLayerTruncationMode.start.rawValue == "start")
        #expect(CATextLayerTruncationMode.end.rawValue == "end")
        #expect(CATextLayerTruncationMode.middle.rawValue == "middle")
        let _: CATextLayerAlignmentMode = CATextLayerAlignmentMode(rawValue: "center")
        #expect(CATextLayerAlignmentMode.natural.rawValue == "natural")
        #expect(CATextLayerAlignmentMode.left.rawValue == "left")
        #expect(CATextLayerAlignmentMode.right.rawValue == "right")
        #expect(CATextLayerAlignmentMode.center.rawValue == "center")
        #expect(CATextLayerAlignmentMode.justified.rawValue == "justified")
    }
}
