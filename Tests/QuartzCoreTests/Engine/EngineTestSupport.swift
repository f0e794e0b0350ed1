import QuartzCore
import StrataAnimation
import Testing

/// Compiles `animation` as a layer would when it is added, failing the test on error.
func records(_ animation: CAAnimation, defaultDuration: Double = 0.25) throws -> [AnimationRecord] {
    var compiler = AnimationCompiler()
    compiler.defaultDuration = defaultDuration
    return try compiler.compile(animation).get()
}

/// The property value `animation` produces at layer time `t` over `base`, nil when it contributes nothing.
func value(of animation: CAAnimation, at t: Double, base: AnimatableValue) throws -> AnimatableValue? {
    var cursor = 0
    return try records(animation).first?.evaluate(parentTime: t, base: base, cursor: &cursor)
}

extension AnimatableValue {
    var scalarValue: Double? {
        if case .scalar(let v) = self { return v }
        return nil
    }

    var pointValue: CGPoint? {
        if case .point(let p) = self { return p }
        return nil
    }

    var transformValue: CATransform3D? {
        if case .transform(let t) = self { return t }
        return nil
    }
}

func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = duration
    return a
}

/// `record` added to `table`, failing the test when it has no compact form.
func compact(_ record: AnimationRecord, in table: inout NumericAnimationTable, _ name: String = "") throws -> NumericAnimation {
    let added = table.add(record)
    return try #require(added, "\(name) has a compact form")
}
