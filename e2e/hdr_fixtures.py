"""Ultra HDR fixtures for the tests: JPEGs with an HDR gain map, built here byte by byte.

An Ultra HDR JPEG (Google's format, v1.0) is an SDR JPEG, the primary image, with a second
JPEG appended, the gain map. The primary's APP1 XMP says `hdrgm:Version="1.0"` and lists the
items in a `Container:Directory` (the gain map's `Item:Length`); its APP2 `MPF\\0` segment
(CIPA DC-007) lists both images with their sizes and offsets, counted from the MPF segment's
TIFF header. The gain map's own APP1 XMP carries what a reader needs to apply it
(`hdrgm:GainMapMax` and the rest). The gain map here is a quarter of the photo's size, bright
in the photo's top-left quarter, so that orientation and size both show.
"""

from __future__ import annotations

import io
import struct
import subprocess
from pathlib import Path

from live_fixtures import SRATIONAL, apple_exif
from PIL import Image

HDRGM = "http://ns.adobe.com/hdr-gain-map/1.0/"
GAIN_MAP_XMP = (
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
    f'<rdf:Description rdf:about="" xmlns:hdrgm="{HDRGM}" hdrgm:Version="1.0" hdrgm:GainMapMin="0"'
    ' hdrgm:GainMapMax="2.5" hdrgm:Gamma="1" hdrgm:OffsetSDR="0.015625" hdrgm:OffsetHDR="0.015625"'
    ' hdrgm:HDRCapacityMin="0" hdrgm:HDRCapacityMax="2.5" hdrgm:BaseRenditionIsHDR="False"/>'
    "</rdf:RDF></x:xmpmeta>"
)


def _segment(marker: int, payload: bytes) -> bytes:
    return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload


def _after_app_segments(jpeg: bytes) -> int:
    """Where the segments after SOI stop being APPn."""
    at = 2
    while jpeg[at] == 0xFF and 0xE0 <= jpeg[at + 1] <= 0xEF:
        at += 2 + struct.unpack(">H", jpeg[at + 2 : at + 4])[0]
    return at


def _primary_xmp(gain_map_length: int) -> bytes:
    return (
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        f'<rdf:Description rdf:about="" xmlns:hdrgm="{HDRGM}"'
        ' xmlns:Container="http://ns.google.com/photos/1.0/container/"'
        ' xmlns:Item="http://ns.google.com/photos/1.0/container/item/" hdrgm:Version="1.0">'
        "<Container:Directory><rdf:Seq>"
        '<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>'
        '<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg"'
        f' Item:Length="{gain_map_length}"/></rdf:li>'
        "</rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>"
    ).encode()


def _mpf(primary_length: int, gain_map_length: int, gain_map_offset: int) -> bytes:
    """The MPF payload, little-endian this time (phones write either order)."""
    tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 3)
    tiff += struct.pack("<HHI", 0xB000, 7, 4) + b"0100"
    tiff += struct.pack("<HHII", 0xB001, 4, 1, 2)
    tiff += struct.pack("<HHII", 0xB002, 7, 32, 8 + 2 + 36 + 4) + struct.pack("<I", 0)
    tiff += struct.pack("<IIIHH", 0x030000, primary_length, 0, 0, 0)
    tiff += struct.pack("<IIIHH", 0, gain_map_length, gain_map_offset, 0, 0)
    return b"MPF\x00" + tiff


ISO_PREFIX = b"urn:iso:std:iso:ts:21496:-1\0"


def iso_21496_metadata() -> bytes:
    """ISO 21496-1 gain map metadata in its binary form (as libultrahdr writes it): minimum and
    writer version, flags (one channel, the base image's colour space), the base and alternate
    HDR headroom, then the channel's gain map min and max, gamma, base and alternate offsets,
    each a 32-bit fraction: the same values as GAIN_MAP_XMP (log2 2.5 stops, offsets 1/64)."""
    return struct.pack(
        ">HHB" + "II" * 2 + "iI" * 2 + "II" + "iI" * 2,
        0, 0, 0x40, 0, 1, 5, 2, 0, 1, 5, 2, 1, 1, 1, 64, 1, 64,
    )  # fmt: skip


def ultra_hdr(
    path: Path, size: tuple[int, int] = (1600, 1200), orientation: int = 1, iso_only: bool = False
) -> tuple[int, int]:
    """Writes an Ultra HDR JPEG: a colour ramp, a quarter-size grey gain map bright in the
    top-left quarter (as stored, before `orientation`). `iso_only`: its metadata in ISO
    21496-1's form alone (the primary's APP2 segment holds the version, the gain map's the
    values), no `hdrgm` XMP anywhere. Returns the gain map's size."""
    width, height = size
    picture = Image.linear_gradient("L").resize(size).convert("RGB")
    exif = Image.Exif()
    exif[0x0112] = orientation
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=90, exif=exif.tobytes())
    primary = out.getvalue()
    gain = Image.new("L", (width // 4, height // 4), 40)
    gain.paste(230, (0, 0, width // 8, height // 8))
    out = io.BytesIO()
    gain.save(out, "JPEG", quality=90)
    plain = out.getvalue()
    if iso_only:
        gain_map = plain[:2] + _segment(0xE2, ISO_PREFIX + iso_21496_metadata()) + plain[2:]
        primary_metadata = _segment(0xE2, ISO_PREFIX + struct.pack(">HH", 0, 0))
    else:
        xmp = _segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + GAIN_MAP_XMP.encode())
        gain_map = plain[:2] + xmp + plain[2:]
        primary_metadata = _segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + _primary_xmp(len(gain_map)))
    at = _after_app_segments(primary)
    head = primary[:at] + primary_metadata
    mpf_length = 4 + len(_mpf(0, 0, 0))
    primary_length = len(primary) + len(head) - at + mpf_length
    tiff_start = len(head) + 4 + 4
    mpf = _segment(0xE2, _mpf(primary_length, len(gain_map), primary_length - tiff_start))
    path.write_bytes(head + mpf + primary[at:] + gain_map)
    return width // 4, height // 4


# ---------------------------------------------------------------------------------------------
# An iPhone HEIC with Apple's HDR gain map.
#
# iPhones (12 and later) store the gain map as an auxiliary image of the primary: an hvc1 item
# whose `auxC` property says `urn:com:apple:photo:2020:aux:hdrgainmap`, tied to the primary by
# an `auxl` item reference, grey, half the photo's width and height, its values linear light
# encoded with the Rec. 709 transfer function. How far it brightens is in the Apple MakerNote:
# tags 0x0021 (exiftool's HDRHeadroom) and 0x0030 (HDRGain), signed rationals. No tool here
# writes one (libheif 1.15 has no API to add an auxiliary image), so the file is assembled here
# box by box (ISO/IEC 14496-12 and 23008-12) from two plain HEICs that ImageMagick encodes
# through libheif: their `hvcC`, `ispe` and `pixi` properties and coded data are reused.

APPLE_GAIN_MAP = b"urn:com:apple:photo:2020:aux:hdrgainmap\0"


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def _full_box(kind: bytes, version: int, flags: int, payload: bytes) -> bytes:
    return _box(kind, bytes([version]) + flags.to_bytes(3, "big") + payload)


def _children(data: bytes, start: int, end: int) -> dict[bytes, list[tuple[int, int]]]:
    """The boxes between `start` and `end`: type -> [(payload start, box end)]."""
    found: dict[bytes, list[tuple[int, int]]] = {}
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at : at + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[at + 8 : at + 16])[0], 16
        elif size == 0:
            size = end - at
        found.setdefault(kind, []).append((at + header, at + size))
        at += size
    return found


def _number(data: bytes, at: int, size: int) -> tuple[int, int]:
    return (int.from_bytes(data[at : at + size], "big") if size else 0), at + size


def _coded_image(data: bytes) -> tuple[list[tuple[bytes, bool]], bytes]:
    """The primary item of a plain HEIC: its properties (box, essential) and its coded data."""
    top = _children(data, 0, len(data))
    meta_start, meta_end = top[b"meta"][0]
    meta = _children(data, meta_start + 4, meta_end)
    primary, _ = _number(data, meta[b"pitm"][0][0] + 4, 2)
    ipco_start, ipco_end = _children(data, *meta[b"iprp"][0])[b"ipco"][0]
    ipma_start, _ = _children(data, *meta[b"iprp"][0])[b"ipma"][0]
    # ipco's boxes in order (ipma counts them from 1)
    boxes = []
    at = ipco_start
    while at < ipco_end:
        size = struct.unpack(">I", data[at : at + 4])[0]
        boxes.append(data[at : at + size])
        at += size
    version, flags = data[ipma_start], int.from_bytes(data[ipma_start + 1 : ipma_start + 4], "big")
    count, at = _number(data, ipma_start + 4, 4)
    properties: list[tuple[bytes, bool]] = []
    for _ in range(count):
        item, at = _number(data, at, 2 if version < 1 else 4)
        associations, at = _number(data, at, 1)
        for _ in range(associations):
            value, at = _number(data, at, 2 if flags & 1 else 1)
            essential = bool(value >> (15 if flags & 1 else 7))
            index = value & (0x7FFF if flags & 1 else 0x7F)
            if item == primary and index:
                properties.append((boxes[index - 1], essential))
    iloc_start, _ = meta[b"iloc"][0]
    version = data[iloc_start]
    at = iloc_start + 4
    offset_size, length_size = data[at] >> 4, data[at] & 15
    base_size, index_size = data[at + 1] >> 4, (data[at + 1] & 15 if version in (1, 2) else 0)
    count, at = _number(data, at + 2, 2 if version < 2 else 4)
    for _ in range(count):
        item, at = _number(data, at, 2 if version < 2 else 4)
        if version in (1, 2):
            at += 2  # construction method: 0, in the file
        at += 2  # data reference index
        base, at = _number(data, at, base_size)
        extents, at = _number(data, at, 2)
        coded = b""
        for _ in range(extents):
            _, at = _number(data, at, index_size)
            offset, at = _number(data, at, offset_size)
            length, at = _number(data, at, length_size)
            coded += data[base + offset : base + offset + length]
        if item == primary:
            return properties, coded
    raise ValueError("no primary item in the HEIC")


def _heic(picture: Image.Image, work: Path, name: str) -> tuple[list[tuple[bytes, bool]], bytes]:
    """`picture` encoded by ImageMagick (libheif, x265) and taken apart."""
    png, heic = work / f"{name}.png", work / f"{name}.heic"
    picture.save(png)
    subprocess.run(["convert", str(png), "-strip", "-quality", "90", str(heic)], check=True, timeout=120)
    return _coded_image(heic.read_bytes())


def apple_hdr_heic(
    path: Path,
    size: tuple[int, int] = (1600, 1200),
    orientation: int = 1,
    makernote: tuple[float, float] | None = (1.0, 0.0),
    gain: int = 255,
) -> tuple[int, int]:
    """Writes an iPhone-like HEIC: a colour ramp stored as `size` (turned for display by an
    `irot` as `orientation` says, with the same EXIF Orientation, as iPhones write both) with a
    gain map of half its width and height, as stored (no `irot` of its own), `gain` in the
    photo's top-left quarter and 40 elsewhere; `makernote` the MakerNote's (0x0021, 0x0030),
    (1.0, 0.0) meaning 8x (3 stops) of headroom. Returns the gain map's size."""
    width, height = size
    work = path.parent / f".{path.name}.parts"
    work.mkdir()
    picture = Image.merge(
        "RGB",
        [
            Image.linear_gradient("L").rotate(90).resize(size),
            Image.linear_gradient("L").resize(size),
            Image.new("L", size, 120),
        ],
    )
    gain_map = Image.new("L", (width // 2, height // 2), 40)
    gain_map.paste(gain, (0, 0, width // 4, height // 4))
    photo_properties, photo_data = _heic(picture, work, "photo")
    gain_properties, gain_data = _heic(gain_map, work, "gain")
    for part in work.iterdir():
        part.unlink()
    work.rmdir()

    entries = []
    if makernote is not None:
        for tag, value in zip((0x0021, 0x0030), makernote):
            entries.append((tag, SRATIONAL, struct.pack(">ii", round(value * 1_000_000), 1_000_000)))
    exif = struct.pack(">I", 6) + apple_exif(entries, orientation=orientation)

    # Properties: the photo's, its rotation, the gain map's, the auxiliary type.
    rotation = {1: 0, 3: 2, 6: 3, 8: 1}[orientation]  # irot: quarter turns anticlockwise
    photo_properties = photo_properties + ([(_box(b"irot", bytes([rotation])), True)] if rotation else [])
    gain_properties = gain_properties + [(_full_box(b"auxC", 0, 0, APPLE_GAIN_MAP), True)]
    ipco = b"".join(box for box, _ in photo_properties + gain_properties)
    associations = b""
    first = 1
    for item, properties in ((1, photo_properties), (2, gain_properties)):
        associations += struct.pack(">HB", item, len(properties))
        for index, (_, essential) in enumerate(properties, first):
            associations += bytes([index | (0x80 if essential else 0)])
        first += len(properties)
    iprp = _box(b"iprp", _box(b"ipco", ipco) + _full_box(b"ipma", 0, 0, struct.pack(">I", 2) + associations))
    iinf = _full_box(
        b"iinf",
        0,
        0,
        struct.pack(">H", 3)
        + _full_box(b"infe", 2, 0, struct.pack(">HH", 1, 0) + b"hvc1" + b"\0")
        + _full_box(b"infe", 2, 1, struct.pack(">HH", 2, 0) + b"hvc1" + b"\0")  # hidden
        + _full_box(b"infe", 2, 0, struct.pack(">HH", 3, 0) + b"Exif" + b"\0"),
    )
    iref = _full_box(
        b"iref", 0, 0, _box(b"auxl", struct.pack(">HHH", 2, 1, 1)) + _box(b"cdsc", struct.pack(">HHH", 3, 1, 1))
    )
    payloads = [photo_data, gain_data, exif]

    def meta(mdat_start: int) -> bytes:
        locations = b""
        at = mdat_start
        for item, payload in enumerate(payloads, 1):
            locations += struct.pack(">HHHII", item, 0, 1, at, len(payload))
            at += len(payload)
        iloc = _full_box(b"iloc", 0, 0, bytes([0x44, 0x00]) + struct.pack(">H", len(payloads)) + locations)
        hdlr = _full_box(b"hdlr", 0, 0, bytes(4) + b"pict" + bytes(12) + b"\0")
        dinf = _box(b"dinf", _full_box(b"dref", 0, 0, struct.pack(">I", 1) + _full_box(b"url ", 0, 1, b"")))
        pitm = _full_box(b"pitm", 0, 0, struct.pack(">H", 1))
        return _full_box(b"meta", 0, 0, hdlr + dinf + pitm + iloc + iinf + iref + iprp)

    ftyp = _box(b"ftyp", b"heic" + bytes(4) + b"mif1heic")
    head = ftyp + meta(0)
    head = ftyp + meta(len(head) + 8)
    path.write_bytes(head + _box(b"mdat", b"".join(payloads)))
    return width // 2, height // 2
