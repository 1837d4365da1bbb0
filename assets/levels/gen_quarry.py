# Generates quarry.ldtk, the levels scene's LDtk project: python3 gen_quarry.py
#
# One level, "Quarry", 1920 x 720 px on a 16 px grid, in LDtk 1.5's project
# format (it opens in LDtk): an IntGrid layer "Collisions" (1 Ground, 2 Wall,
# 3 Oneway_platform) with a floor, stairs of 16 px steps up to a plateau and
# down, a block with a ramp (a "Ramp" entity whose "polygon" field draws a
# wedge), a smooth hill (a "Hill" entity's "polyline" field: ground down to
# the level's bottom), a one-way plank, walls at both ends; and markers: the
# "Player" and "Spider" starts and a "Patrol" entity whose "ends" field holds
# the two ends of the walk. Point fields are grid cells, taken at their
# centres by package terrain/ldtk.
import json, os
D = os.path.dirname(os.path.abspath(__file__)) + '/'
G, W, H = 16, 120, 45
grid = [[0] * W for _ in range(H)]
def fill(x0, y0, x1, y1, v):  # cells x0..x1-1, y0..y1-1
    for y in range(y0, y1):
        for x in range(x0, x1):
            grid[y][x] = v
FLOOR = 35  # the floor's top row: y = 560
fill(0, FLOOR, W, H, 1)
# stairs up and down: 4 steps of 16 px, 3 cells (48 px) a tread, a plateau
x = 22
for i in range(4):
    fill(x + 3 * i, FLOOR - 1 - i, 22 + 3 * 4 * 2 + 10 - 3 * i, FLOOR, 1)
# the block the ramp leads onto (top row 31: y = 496), stairs down its right
fill(70, 31, 82, FLOOR, 1)
for i in range(3):
    fill(82 + 3 * i, 32 + i, 85 + 3 * i, FLOOR, 1)
fill(58, 24, 64, 25, 3)         # a one-way plank over the floor
fill(0, 22, 2, FLOOR, 2)        # walls
fill(W - 2, 22, W, FLOOR, 2)

uid = [100]
def nuid():
    uid[0] += 1
    return uid[0]

def point_field(ident, fuid, array=True):
    return {
        "identifier": ident, "doc": None, "__type": "Array<Point>" if array else "Point", "uid": fuid,
        "type": "F_Point", "isArray": array, "canBeNull": False, "arrayMinLength": None, "arrayMaxLength": None,
        "editorDisplayMode": "PointPath" if array else "PointStar", "editorDisplayScale": 1, "editorDisplayPos": "Above",
        "editorLinkStyle": "StraightArrow", "editorDisplayColor": None, "editorAlwaysShow": False, "editorShowInWorld": True,
        "editorCutLongValues": True, "editorTextSuffix": None, "editorTextPrefix": None, "useForSmartColor": False,
        "exportToToc": False, "searchable": False, "min": None, "max": None, "regex": None, "acceptFileTypes": None,
        "defaultOverride": None, "textLanguageMode": None, "symmetricalRef": False, "autoChainRef": True,
        "allowOutOfLevelRef": True, "allowedRefs": "OnlySame", "allowedRefsEntityUid": None, "allowedRefTags": [],
        "tilesetUid": None,
    }

def entity_def(ident, euid, color, pivot, fields, size=(16, 16), tags=()):
    return {
        "identifier": ident, "uid": euid, "tags": list(tags), "exportToToc": False, "allowOutOfBounds": False, "doc": None,
        "width": size[0], "height": size[1], "resizableX": False, "resizableY": False, "minWidth": None, "maxWidth": None,
        "minHeight": None, "maxHeight": None, "keepAspectRatio": False, "tileOpacity": 1, "fillOpacity": 0.08,
        "lineOpacity": 0, "hollow": False, "color": color, "renderMode": "Cross" if not fields else "Rectangle",
        "showName": True, "tilesetId": None, "tileRenderMode": "FitInside", "tileRect": None, "uiTileRect": None,
        "nineSliceBorders": [], "maxCount": 0, "limitScope": "PerLevel", "limitBehavior": "MoveLastOne",
        "pivotX": pivot[0], "pivotY": pivot[1], "fieldDefs": fields,
    }

F_POLY, F_LINE, F_ENDS = 11, 12, 13
edefs = [
    entity_def("Player", 3, "#5FD15A", (0.5, 1), [], tags=["actor"]),
    entity_def("Spider", 4, "#B45FD1", (0.5, 1), [], tags=["actor"]),
    entity_def("Ramp", 5, "#BE4A2F", (0, 0), [point_field("polygon", F_POLY)], tags=["terrain"]),
    entity_def("Hill", 6, "#63C74D", (0, 0), [point_field("polyline", F_LINE)], tags=["terrain"]),
    entity_def("Patrol", 7, "#FEE761", (0, 0), [point_field("ends", F_ENDS)]),
]
edef = {e["identifier"]: e for e in edefs}

def entity(ident, px, fields=None, iid=None):
    d = edef[ident]
    gx, gy = int(px[0] // G), int(px[1] // G)
    fi = []
    for f in d["fieldDefs"]:
        pts = (fields or {})[f["identifier"]]
        fi.append({"__identifier": f["identifier"], "__type": f["__type"],
                   "__value": [{"cx": cx, "cy": cy} for cx, cy in pts], "__tile": None,
                   "defUid": f["uid"], "realEditorValues": [
                       {"id": "V_String", "params": ["%d,%d" % (cx, cy)]} for cx, cy in pts]})
    return {"__identifier": ident, "__grid": [gx, gy], "__pivot": [d["pivotX"], d["pivotY"]], "__tags": d["tags"],
            "__tile": None, "__smartColor": d["color"], "__worldX": px[0], "__worldY": px[1],
            "iid": iid or "e-%s-%d" % (ident.lower(), nuid()), "width": d["width"], "height": d["height"],
            "defUid": d["uid"], "px": list(px), "fieldInstances": fi}

entities = [
    entity("Player", (96, 560), iid="e-player"),
    entity("Spider", (280, 560), iid="e-spider"),
    # A 25-degree wedge onto the block: from the floor at x = 1000 to the
    # middle of the block's top cells (8 px below its top, inside it).
    entity("Ramp", (1000, 560), {"polygon": [(70, 31), (70, 35)]}, iid="e-ramp"),
    # A hill in the open: up 56 px (15 then 27 degrees), a crest, down
    # into the floor.
    entity("Hill", (1440, 560), {"polyline": [(95, 33), (99, 31), (103, 31), (107, 33), (111, 35)]}, iid="e-hill"),
    entity("Patrol", (96, 544), {"ends": [(6, 34), (113, 34)]}, iid="e-patrol"),
]

layers = [
    {"__type": "Entities", "identifier": "Entities", "type": "Entities", "uid": 2, "doc": None, "uiColor": None,
     "gridSize": G, "guideGridWid": 0, "guideGridHei": 0, "displayOpacity": 1, "inactiveOpacity": 0.6,
     "hideInList": False, "hideFieldsWhenInactive": True, "canSelectWhenInactive": True, "renderInWorldView": True,
     "pxOffsetX": 0, "pxOffsetY": 0, "parallaxFactorX": 0, "parallaxFactorY": 0, "parallaxScaling": True,
     "requiredTags": [], "excludedTags": [], "autoTilesKilledByOtherLayerUid": None, "uiFilterTags": [],
     "useAsyncRender": False, "intGridValues": [], "intGridValuesGroups": [], "autoRuleGroups": [],
     "autoSourceLayerDefUid": None, "tilesetDefUid": None, "tilePivotX": 0, "tilePivotY": 0, "biomeFieldUid": None},
    {"__type": "IntGrid", "identifier": "Collisions", "type": "IntGrid", "uid": 1, "doc": None, "uiColor": None,
     "gridSize": G, "guideGridWid": 0, "guideGridHei": 0, "displayOpacity": 1, "inactiveOpacity": 1,
     "hideInList": False, "hideFieldsWhenInactive": False, "canSelectWhenInactive": True, "renderInWorldView": True,
     "pxOffsetX": 0, "pxOffsetY": 0, "parallaxFactorX": 0, "parallaxFactorY": 0, "parallaxScaling": True,
     "requiredTags": [], "excludedTags": [], "autoTilesKilledByOtherLayerUid": None, "uiFilterTags": [],
     "useAsyncRender": False, "intGridValues": [
         {"value": 1, "identifier": "Ground", "color": "#6E4A2F", "tile": None, "groupUid": 0},
         {"value": 2, "identifier": "Wall", "color": "#3A3F4B", "tile": None, "groupUid": 0},
         {"value": 3, "identifier": "Oneway_platform", "color": "#B86F50", "tile": None, "groupUid": 0}],
     "intGridValuesGroups": [], "autoRuleGroups": [], "autoSourceLayerDefUid": None, "tilesetDefUid": None,
     "tilePivotX": 0, "tilePivotY": 0, "biomeFieldUid": None},
]

def layer_instance(defn, iid, csv=None, ents=None):
    return {"__identifier": defn["identifier"], "__type": defn["__type"], "__cWid": W, "__cHei": H, "__gridSize": G,
            "__opacity": 1, "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": None,
            "__tilesetRelPath": None, "iid": iid, "levelId": 0, "layerDefUid": defn["uid"], "pxOffsetX": 0,
            "pxOffsetY": 0, "visible": True, "optionalRules": [], "intGridCsv": csv or [], "autoLayerTiles": [],
            "seed": 4242, "overrideTilesetUid": None, "gridTiles": [], "entityInstances": ents or []}

level = {
    "identifier": "Quarry", "iid": "b7a1c3d0-0000-11ef-8000-00000000a001", "uid": 0, "worldX": 0, "worldY": 0,
    "worldDepth": 0, "pxWid": W * G, "pxHei": H * G, "__bgColor": "#40465B", "bgColor": None,
    "useAutoIdentifier": False, "bgRelPath": None, "bgPos": None, "bgPivotX": 0.5, "bgPivotY": 0.5,
    "__smartColor": "#ADADB5", "__bgPos": None, "externalRelPath": None, "fieldInstances": [],
    "layerInstances": [
        layer_instance(layers[0], "b7a1c3d0-0000-11ef-8000-00000000a010", ents=entities),
        layer_instance(layers[1], "b7a1c3d0-0000-11ef-8000-00000000a011", csv=[v for row in grid for v in row]),
    ],
    "__neighbours": [],
}

project = {
    "__header__": {"fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
                   "schema": "https://ldtk.io/files/JSON_SCHEMA.json", "appAuthor": "Sebastien 'deepnight' Benard",
                   "appVersion": "1.5.3", "url": "https://ldtk.io"},
    "iid": "b7a1c3d0-0000-11ef-8000-00000000a000", "jsonVersion": "1.5.3", "appBuildId": 473703, "nextUid": 200,
    "identifierStyle": "Capitalize", "toc": [], "worldLayout": "Free", "worldGridWidth": 256, "worldGridHeight": 256,
    "defaultLevelWidth": W * G, "defaultLevelHeight": H * G, "defaultPivotX": 0, "defaultPivotY": 0,
    "defaultGridSize": G, "defaultEntityWidth": 16, "defaultEntityHeight": 16, "bgColor": "#40465B",
    "defaultLevelBgColor": "#40465B", "minifyJson": False, "externalLevels": False, "exportTiled": False,
    "simplifiedExport": False, "imageExportMode": "None", "exportLevelBg": True, "pngFilePattern": None,
    "backupOnSave": False, "backupLimit": 10, "backupRelPath": None, "levelNamePattern": "Level_%idx",
    "tutorialDesc": "The ikanim demo's levels scene: a quarry with stairs, a block and its ramp, a hill, walls, and where a humanoid and a spider start and walk.",
    "customCommands": [], "flags": [],
    "defs": {"layers": layers, "entities": edefs, "tilesets": [], "enums": [], "externalEnums": [], "levelFields": []},
    "levels": [level], "worlds": [], "dummyWorldIid": "b7a1c3d0-0000-11ef-8000-00000000a002",
}

# Indented as LDtk writes it, except the IntGrid, one level row a line.
text = json.dumps(project, indent="\t")
csv = level["layerInstances"][1]["intGridCsv"]
rows = "\n".join("\t\t\t\t\t" + ", ".join(str(v) for v in csv[y * W:(y + 1) * W]) + ("," if y < H - 1 else "")
                 for y in range(H))
key = '"intGridCsv": ['
i = text.index('"iid": "b7a1c3d0-0000-11ef-8000-00000000a011"')
j = text.index(key, i) + len(key)
k = text.index(']', j)
text = text[:j] + "\n" + rows + "\n\t\t\t\t\t" + text[k:]
open(D + "quarry.ldtk", "w").write(text + "\n")
