# Generates the level files of this directory: python3 gen_levels.py
import json, math, random
import os; D=os.path.dirname(os.path.abspath(__file__)) + '/'
def r(v): return round(v, 2)
def dump(name, lv):
    # one entry per line, readable and diff-friendly
    head = {k: v for k, v in lv.items() if k != 'entries'}
    s = json.dumps(head)[:-1] + ', "entries": [\n'
    s += ',\n'.join('  ' + json.dumps(e) for e in lv['entries'])
    s += '\n]}\n'
    open(D + name, 'w').write(s)

# walk.json: 2400x720
g = 560.0
t30, t40 = math.tan(math.radians(30)), math.tan(math.radians(40))
top = g - 200 * t30
pts = [[0, g], [300, g], [500, r(top)], [600, r(top)], [r(600 + 200 * t30 / t40), g], [780, g]]
walk = {"name": "walk", "width": 2400, "height": 720, "cell": 32, "entries": [
    {"kind": "polyline", "points": pts, "bottom": 720, "tags": ["ground"]},
    {"kind": "stairs", "x": 780, "y": g, "step_width": 40, "rise": 16, "steps": 8, "bottom": 720, "tags": ["ground"]},
    {"kind": "stairs", "x": 1140, "y": g - 128, "step_width": 40, "rise": -16, "steps": 8, "bottom": 720, "tags": ["ground"]},
]}
saw = [[1500, g]]
for i in range(5):
    x = 1500 + 64 * i
    saw += [[x + 32, g - 24], [x + 64, g]]
walk["entries"].append({"kind": "polyline", "points": saw + [[1900, g]], "bottom": 720, "tags": ["ground"]})
walk["entries"].append({"kind": "polyline", "points": [[1940, g], [2400, g]], "bottom": 720, "tags": ["ground"]})
dump('walk.json', walk)

# climb.json: floor, tall wall with outer corner, ledge to hang from
climb = {"name": "climb", "width": 1280, "height": 720, "cell": 32, "entries": [
    {"kind": "polyline", "points": [[0, 600], [1280, 600]], "bottom": 720, "tags": ["ground"]},
    {"kind": "box", "x": 760, "y": 200, "w": 520, "h": 400, "tags": ["wall"]},
    {"kind": "box", "x": 360, "y": 300, "w": 160, "h": 20, "tags": ["platform"]},
    {"kind": "box", "x": 200, "y": 440, "w": 40, "h": 160, "tags": ["wall"]},
]}
dump('climb.json', climb)

# spiders.json: slopes, steps, a gap, a wall, a ceiling/overhang
spiders = {"name": "spiders", "width": 1280, "height": 720, "cell": 32, "entries": [
    {"kind": "polyline", "points": [[0, 600], [160, 600], [300, r(600 - 140 * math.tan(math.radians(35)))], [380, r(600 - 140 * math.tan(math.radians(35)))], [380, 520], [440, 520], [440, 536], [500, 536], [500, 552], [560, 552]], "bottom": 720, "tags": ["ground"]},
    {"kind": "polyline", "points": [[600, 552], [700, 600], [900, 600]], "bottom": 720, "tags": ["ground"]},
    {"kind": "box", "x": 900, "y": 260, "w": 60, "h": 460, "tags": ["wall"]},
    {"kind": "polyline", "points": [[960, 600], [1280, 600]], "bottom": 720, "tags": ["ground"]},
    {"kind": "ceiling", "points": [[560, 200], [700, 230], [900, 230]], "top": 0, "tags": ["ceiling"]},
    {"kind": "polygon", "points": [[1040, 600], [1120, 520], [1200, 600]], "tags": ["ground"]},
    {"kind": "circle", "x": 1100, "y": 300, "r": 30, "tags": ["platform"]},
]}
dump('spiders.json', spiders)

# swarm.json: 4000x3000, rolling height field, many platforms and obstacles
rng = random.Random(4)
W, H = 4000, 3000
heights = [r(2700 + 120 * math.sin(i * 0.21) + 60 * math.sin(i * 0.53 + 1)) for i in range(101)]
sw = {"name": "swarm", "width": W, "height": H, "cell": 64, "entries": [
    {"kind": "heightfield", "x": 0, "spacing": 40, "heights": heights, "bottom": 3000, "tags": ["ground"]},
]}
for i in range(160):
    x, y = rng.uniform(0, W - 200), rng.uniform(200, 2400)
    k = rng.random()
    if k < 0.6:
        sw["entries"].append({"kind": "box", "x": r(x), "y": r(y), "w": r(rng.uniform(80, 260)), "h": r(rng.uniform(16, 40)), "tags": ["platform"]})
    elif k < 0.8:
        w = rng.uniform(40, 120); h = rng.uniform(30, 90)
        sw["entries"].append({"kind": "polygon", "points": [[r(x), r(y + h)], [r(x + w / 2), r(y)], [r(x + w), r(y + h)]], "tags": ["ground"]})
    elif k < 0.9:
        sw["entries"].append({"kind": "box", "x": r(x), "y": r(y), "w": r(rng.uniform(20, 40)), "h": r(rng.uniform(150, 400)), "tags": ["wall"]})
    else:
        sw["entries"].append({"kind": "circle", "x": r(x), "y": r(y), "r": r(rng.uniform(15, 50))})
sw["entries"].append({"kind": "ceiling", "points": [[1000, 300], [3000, 300]], "top": 0, "tags": ["ceiling"]})
dump('swarm.json', sw)
