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
from pathlib import Path

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


def ultra_hdr(path: Path, size: tuple[int, int] = (1600, 1200), orientation: int = 1) -> tuple[int, int]:
    """Writes an Ultra HDR JPEG: a colour ramp, a quarter-size grey gain map bright in the
    top-left quarter (as stored, before `orientation`). Returns the gain map's size."""
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
    xmp = _segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + GAIN_MAP_XMP.encode())
    gain_map = plain[:2] + xmp + plain[2:]
    at = _after_app_segments(primary)
    head = primary[:at] + _segment(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + _primary_xmp(len(gain_map)))
    mpf_length = 4 + len(_mpf(0, 0, 0))
    primary_length = len(primary) + len(head) - at + mpf_length
    tiff_start = len(head) + 4 + 4
    mpf = _segment(0xE2, _mpf(primary_length, len(gain_map), primary_length - tiff_start))
    path.write_bytes(head + mpf + primary[at:] + gain_map)
    return width // 4, height // 4
