import Foundation
import QuartzCore
import StrataLottie
import Testing

/// 3D layers (`ddd`) turned about x and y, seen through After Effects' default camera (39.6° of
/// view: 1.389 composition widths away), checked against the projection worked out by hand.
@Suite("Lottie 3D layers")
struct Lottie3DLayerTests {
    /// A 40×40 square layer about (50, 50) in a 100×100 composition, with `extra` transform keys.
    static func square(_ extra: String, ddd: Int = 1) -> String {
        let ks = "{\"p\":{\"k\":[50,50,0]},\"a\":{\"k\":[0,0,0]},\"s\":{\"k\":[100,100,100]},\"o\":{\"k\":100}\(extra)}"
        let layer = LJ.shapeLayer([LJ.group([LJ.rect((0, 0), 40, 40), LJ.fill([0, 0, 1])])], ks: ks, extra: ",\"ddd\":\(ddd)")
        return LJ.animation(layers: [layer])
    }

    @Test func aYTurnShowsTheNearEdgeLargerThanTheFar() throws {
        // ry 60°: the right edge comes towards the camera (138.9 away): x 10/0.8755 = 11.4 right of
        // the centre, ±22.8 high; the left edge goes away: x −8.9, ±17.8 high.
        let json = Self.square(",\"ry\":{\"k\":60},\"rx\":{\"k\":0},\"rz\":{\"k\":0}")
        let animation = try LottieRender.animation(json)
        #expect(!animation.warnings.contains { $0.contains("3D") }, "drawn, not warned: \(animation.warnings)")
        let image = try LottieRender.frame(json, 0, playing: false)
        #expect(image.rgba(50, 50).a == 255)
        #expect(image.rgba(60, 29).a == 255 && image.rgba(60, 70).a == 255, "the near edge is tall")
        #expect(image.rgba(43, 30).a == 0 && image.rgba(43, 69).a == 0, "the far edge is short")
        #expect(image.rgba(38, 50).a == 0 && image.rgba(63, 50).a == 0, "narrowed to x 41…61")
    }

    @Test func aYTurnOnA2DLayerForeshortensItWithoutPerspective() throws {
        // ddd 0 with ry 60° (exporters write it; After Effects' 2D layers have no y turn): turned
        // flat, as lottie-web and lottie-ios draw it: half as wide (cos 60°), both edges 40 high.
        let image = try LottieRender.frame(Self.square(",\"ry\":{\"k\":60},\"rx\":{\"k\":0},\"rz\":{\"k\":0}", ddd: 0), 0, playing: false)
        #expect(image.rgba(50, 50).a == 255)
        #expect(image.rgba(41, 31).a == 255 && image.rgba(41, 68).a == 255, "the left edge (x 40) is 40 high")
        #expect(image.rgba(58, 31).a == 255 && image.rgba(58, 68).a == 255, "the right edge (x 60) is 40 high")
        #expect(image.rgba(38, 50).a == 0 && image.rgba(62, 50).a == 0, "narrowed to x 40…60")
        #expect(image.rgba(50, 28).a == 0 && image.rgba(50, 72).a == 0, "y 30…70")
    }

    @Test(arguments: clockOrigins)
    func anAnimatedXTurnFoldsTheLayerAwayAndBack(origin: Double) throws {
        // rx 0° → 90° over frames 0…30: edge-on (nothing drawn) at frame 30; at 60° (frame 20) the
        // top edge comes near (AE's +x turn), so the top is wider than the bottom.
        let json = Self.square(",\"rx\":\(LJ.keys([(0, [0]), (30, [90])])),\"ry\":{\"k\":0},\"rz\":{\"k\":0}")
        let flat = try LottieRender.frame(json, 0, origin: origin)
        #expect(flat.rgba(32, 32).a == 255 && flat.rgba(68, 68).a == 255, "frame 0: the whole square")
        let turned = try LottieRender.frame(json, 20, origin: origin)
        #expect(turned.rgba(50, 50).a == 255, "frame 20: still there")
        #expect(turned.rgba(29, 40).a == 255 && turned.rgba(31, 60).a == 0, "frame 20: wider at the top than at the bottom")
        let edgeOn = try LottieRender.frame(json, 30, origin: origin)
        #expect(edgeOn.rgba(50, 40).a == 0 && edgeOn.rgba(50, 60).a == 0, "frame 30: edge-on")
    }
}
