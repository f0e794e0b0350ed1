#!/usr/bin/env python3
"""Writes Strata's own Lottie demo files (Bodymovin 5.7 JSON) into this folder.

Run it after changing a demo; the JSON files it writes are committed. Everything here was written
for Strata (no file from elsewhere): small helpers for static and keyframed properties, shapes and
layers, then three animations covering shapes, trims, repeaters, gradients, masks, mattes,
precompositions with their own time (start, stretch, time remapping) and text.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
EASE = {"o": {"x": [0.33], "y": [0]}, "i": {"x": [0.67], "y": [1]}}
LINEAR = {"o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}


def static(v):
    return {"a": 0, "k": v}


def keys(*frames, ease=EASE, hold=()):
    """keys((t, value), ...): keyframes; values are numbers or lists."""
    out = []
    for n, (t, v) in enumerate(frames):
        k = {"t": t, "s": v if isinstance(v, list) else [v]}
        if n < len(frames) - 1:
            k.update(ease)
            if t in hold:
                k["h"] = 1
        out.append(k)
    return {"a": 1, "k": out}


def tr(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100):
    def prop(v):
        return v if isinstance(v, dict) else static(list(v) if isinstance(v, tuple) else v)
    return {"ty": "tr", "p": prop(p), "a": prop(a), "s": prop(s), "r": prop(r), "o": prop(o)}


def ks(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100):
    t = tr(p, a, s, r, o)
    del t["ty"]
    return t


def group(*items, name="group", transform=None):
    return {"ty": "gr", "nm": name, "it": list(items) + [transform or tr()]}


def ellipse(size, p=(0, 0)):
    return {"ty": "el", "p": static(list(p)), "s": size if isinstance(size, dict) else static(list(size))}


def rect(size, p=(0, 0), r=0):
    return {"ty": "rc", "p": static(list(p)), "s": static(list(size)), "r": static(r)}


def star(points, outer, inner, p=(0, 0)):
    return {"ty": "sr", "sy": 1, "pt": static(points), "p": static(list(p)), "r": static(0),
            "or": static(outer), "ir": static(inner), "os": static(0), "is": static(0)}


def fill(color, o=100):
    return {"ty": "fl", "c": color if isinstance(color, dict) else static(color), "o": static(o), "r": 1}


def stroke(color, w, cap=2, o=100):
    return {"ty": "st", "c": static(color), "o": static(o), "w": static(w), "lc": cap, "lj": 2, "ml": 4}


def gradient_fill(kind, start, end, stops, opacity_stops=None):
    k = [x for s in stops for x in s] + ([x for s in opacity_stops for x in s] if opacity_stops else [])
    return {"ty": "gf", "t": kind, "s": static(list(start)), "e": static(list(end)), "o": static(100), "r": 1,
            "g": {"p": len(stops), "k": static(k)}}


def gradient_stroke(start, end, stops, width):
    k = [x for s in stops for x in s]
    return {"ty": "gs", "t": 1, "s": static(list(start)), "e": static(list(end)), "o": static(100), "w": static(width),
            "lc": 2, "lj": 2, "ml": 4, "g": {"p": len(stops), "k": static(k)}}


def trim(s, e, o=static(0)):
    return {"ty": "tm", "s": s, "e": e, "o": o, "m": 1}


def layer(ty, name, ind, op, transform, **extra):
    d = {"ty": ty, "nm": name, "ind": ind, "ip": 0, "op": op, "st": 0, "sr": 1, "ks": transform, "ao": 0}
    d.update(extra)
    return d


def animation(name, w, h, op, layers, assets=(), fr=30):
    return {"v": "5.7.4", "nm": name, "fr": fr, "ip": 0, "op": op, "w": w, "h": h, "ddd": 0,
            "assets": list(assets), "layers": layers}


def spinner():
    """Shapes, a trimmed gradient stroke, a repeater and a star."""
    op = 90
    ring = layer(4, "ring", 1, op, ks(p=(200, 200)), shapes=[
        group(ellipse((220, 220)),
              gradient_stroke((-110, 0), (110, 0), [[0, 0.16, 0.4, 0.95], [1, 0.3, 0.9, 0.85]], 18),
              trim(keys((0, 0), (30, 0), (75, 100)), keys((0, 0), (45, 100), (90, 100)),
                   keys((0, 0), (90, 360), ease=LINEAR)), name="ring")])
    dots = layer(4, "dots", 2, op, ks(p=(200, 200), r=keys((0, 0), (90, 360), ease=LINEAR)), shapes=[
        group(ellipse((18, 18), p=(0, -70)), fill([1, 0.45, 0.2, 1]), name="dot"),
        {"ty": "rp", "c": static(8), "o": static(0), "m": 1,
         "tr": {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(45),
                "so": static(100), "eo": static(15)}}])
    badge = layer(4, "star", 3, op, ks(p=(200, 200), s=keys((0, [70, 70]), (45, [105, 105]), (90, [70, 70])),
                                      r=keys((0, 0), (90, -144))), shapes=[
        group(star(5, 42, 18), fill(keys((0, [1, 0.8, 0.1, 1]), (45, [1, 0.35, 0.55, 1]), (90, [1, 0.8, 0.1, 1]))),
              name="star")])
    card = layer(4, "card", 4, op, ks(p=(200, 200)), shapes=[
        group(rect((340, 340), r=48), fill([0.13, 0.12, 0.22, 1]), name="card")])
    return animation("spinner", 400, 400, op, [badge, dots, ring, card])


def masks_and_mattes():
    """Masks (add, subtract, animated) and track mattes (alpha, inverted alpha, luma)."""
    op = 90
    stripes = [group(rect((400, 14), p=(0, -180 + 28 * i)), fill([0.95, 0.95, 1, 1]), name="stripe") for i in range(14)]
    ring_mask = [
        {"mode": "a", "inv": False, "o": static(100), "x": static(0),
         "pt": keys((0, [shape_ellipse(60)]), (45, [shape_ellipse(150)]), (90, [shape_ellipse(60)]))},
        {"mode": "s", "inv": False, "o": static(100), "x": static(0), "pt": static(shape_ellipse(40))},
    ]
    solid = layer(1, "ring (masks)", 1, op, ks(p=(100, 100), a=(100, 100)), sc="#2ab7a9", sw=200, sh=200,
                  hasMask=True, masksProperties=ring_mask)
    # Alpha matte: a moving circle reveals stripes.
    circle = layer(4, "circle matte", 2, op, ks(p=keys((0, [230, 100]), (45, [370, 100]), (90, [230, 100]))),
                   td=1, shapes=[group(ellipse((110, 110)), fill([1, 1, 1, 1]))])
    striped = layer(4, "stripes (alpha matte)", 3, op, ks(p=(300, 100)), tt=1, shapes=[
        group(*stripes, name="stripes"), group(rect((200, 200)), fill([0.5, 0.2, 0.8, 1]), name="back")])
    # Luma matte: a black-to-white ramp fades a red square from left to right.
    ramp = layer(4, "ramp matte", 4, op, ks(p=(100, 300)), td=1, shapes=[
        group(rect((200, 200)), gradient_fill(1, (-100, 0), (100, 0), [[0, 0, 0, 0], [1, 1, 1, 1]]))])
    red = layer(4, "red (luma matte)", 5, op, ks(p=(100, 300)), tt=3, shapes=[
        group(rect((180, 180), r=20), fill([0.95, 0.25, 0.2, 1]))])
    # Inverted alpha matte: a turning bar cuts a gap through a yellow disc.
    bar = layer(4, "bar matte", 6, op, ks(p=(300, 300), r=keys((0, 0), (90, 180), ease=LINEAR)), td=1,
                shapes=[group(rect((220, 36)), fill([1, 1, 1, 1]))])
    disc = layer(4, "disc (inverted matte)", 7, op, ks(p=(300, 300)), tt=2, shapes=[
        group(ellipse((170, 170)), fill([1, 0.8, 0.15, 1]))])
    back = layer(1, "background", 8, op, ks(p=(200, 200), a=(200, 200)), sc="#1d1f2b", sw=400, sh=400)
    return animation("masks-and-mattes", 400, 400, op, [solid, circle, striped, ramp, red, bar, disc, back])


def shape_ellipse(r, c=(100, 100)):
    k = r * 0.5519150244935105
    x, y = c
    return {"c": True, "v": [[x, y - r], [x + r, y], [x, y + r], [x - r, y]],
            "o": [[k, 0], [0, k], [-k, 0], [0, -k]], "i": [[-k, 0], [0, -k], [k, 0], [0, k]]}


def precomp_bounce():
    """A precomposition used four times with its own time: delayed (st), slowed (sr), remapped (tm)."""
    op = 60
    ball_layers = [
        layer(4, "ball", 1, 60, ks(p=keys((0, [50, 20]), (15, [50, 88]), (30, [50, 20]), (45, [50, 88]), (60, [50, 20])),
                                   s=keys((0, [100, 100]), (13, [100, 100]), (15, [125, 75]), (17, [100, 100]),
                                          (43, [100, 100]), (45, [125, 75]), (47, [100, 100]), (60, [100, 100]))),
              shapes=[group(ellipse((34, 34)), fill(keys((0, [1, 0.4, 0.3, 1]), (30, [0.3, 0.6, 1, 1]), (60, [1, 0.4, 0.3, 1]),
                                                        hold=(0, 30))), name="ball")]),
        layer(4, "floor", 2, 60, ks(p=(50, 106)), shapes=[group(rect((80, 4), r=2), fill([1, 1, 1, 0.6]))]),
    ]
    asset = {"id": "ball", "w": 100, "h": 110, "layers": ball_layers}
    def ref(name, ind, x, **extra):
        return layer(0, name, ind, op, ks(p=(x, 150), a=(50, 55)), refId="ball", w=100, h=110, **extra)
    uses = [
        ref("on time", 1, 70),
        ref("10 frames late", 2, 170, st=10),
        ref("half speed", 3, 270, sr=2),
        ref("time remapped", 4, 370, tm=keys((0, 0), (30, 1.5), (60, 0), ease=LINEAR)),
    ]
    title = layer(5, "title", 5, op, ks(p=(220, 40)), t={"d": {"k": [{"t": 0, "s": {
        "t": "precomps: own time", "f": "DejaVu Sans", "s": 22, "j": 2, "fc": [1, 1, 1], "lh": 26, "tr": 0}}]},
        "p": {}, "m": {"g": 1, "a": static([0, 0])}, "a": []})
    back = layer(4, "background", 6, op, ks(), shapes=[
        group(rect((440, 300), p=(220, 150)),
              gradient_fill(2, (220, 150), (220, 380), [[0, 0.2, 0.22, 0.35], [1, 0.05, 0.05, 0.1]]))])
    anim = animation("precomp-bounce", 440, 300, op, [title] + uses + [back], assets=[asset])
    anim["fonts"] = {"list": [{"fName": "DejaVu Sans", "fFamily": "DejaVu Sans", "fStyle": "Book", "ascent": 75}]}
    return anim


for name, make in [("spinner", spinner), ("masks-and-mattes", masks_and_mattes), ("precomp-bounce", precomp_bounce)]:
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(make(), f, separators=(",", ":"))
        f.write("\n")
    print("wrote", name + ".json")
