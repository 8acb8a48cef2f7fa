"""Camera RAW fixtures for the tests: DNG files written here from a known picture.

A DNG is a TIFF: the sensor data as a colour filter array (RGGB Bayer, 16-bit samples, linear
light between a black and a white level), the tags that say how to develop it (a colour
matrix, the white balance as shot) and, as cameras and Lightroom write them, an optional
JPEG preview in IFD0 with the sensor data in a SubIFD. LibRaw reads what this writes; the tests
compare galleryc's renditions with rawpy's (LibRaw's own) rendering of the same file.
"""

from __future__ import annotations

import io
import struct

import numpy as np
from PIL import Image

# TIFF field types
BYTE, ASCII, SHORT, LONG, RATIONAL, SRATIONAL = 1, 2, 3, 4, 5, 10
BLACK, WHITE = 256, 4095


def scene(width: int, height: int) -> np.ndarray:
    """The known picture, sRGB-ish floats 0...1: a colour ramp with a red block and a white
    square in the top-left quarter, so that orientation and colour both show."""
    yy, xx = np.mgrid[0:height, 0:width]
    picture = np.zeros((height, width, 3))
    picture[..., 0] = xx / width
    picture[..., 1] = yy / height
    picture[..., 2] = 0.4
    picture[height // 8 : height // 3, width // 8 : width // 3] = [0.85, 0.1, 0.1]
    picture[height // 16 : height // 8, width // 16 : width // 8] = [0.95, 0.95, 0.95]
    return picture


def mosaic(picture: np.ndarray) -> np.ndarray:
    """The picture as an RGGB sensor would record it: linear light, 12 bits above the black
    level, one colour per photosite."""
    linear = picture**2.2
    height, width, _ = picture.shape
    sensor = np.zeros((height, width), dtype=np.uint16)
    scale = WHITE - BLACK
    sensor[0::2, 0::2] = linear[0::2, 0::2, 0] * scale + BLACK
    sensor[0::2, 1::2] = linear[0::2, 1::2, 1] * scale + BLACK
    sensor[1::2, 0::2] = linear[1::2, 0::2, 1] * scale + BLACK
    sensor[1::2, 1::2] = linear[1::2, 1::2, 2] * scale + BLACK
    return sensor


class _IFD:
    def __init__(self):
        self.entries: dict[int, tuple[int, list | bytes | str]] = {}

    def add(self, tag: int, kind: int, value):
        self.entries[tag] = (kind, value)


def _packed(kind: int, value) -> tuple[bytes, int]:
    if kind == ASCII:
        data = value.encode() + b"\0"
        return data, len(data)
    if kind == BYTE:
        return bytes(value), len(value)
    if kind == SHORT:
        return struct.pack(f"<{len(value)}H", *value), len(value)
    if kind == LONG:
        return struct.pack(f"<{len(value)}I", *value), len(value)
    if kind in (RATIONAL, SRATIONAL):
        code = "i" if kind == SRATIONAL else "I"
        flat = [part for pair in value for part in pair]
        return struct.pack(f"<{len(flat)}{code}", *flat), len(value)
    raise ValueError(kind)


def _write(ifds: list[_IFD], blobs: dict[str, bytes], links: list[tuple[_IFD, int, str]]) -> bytes:
    """Lays out `ifds` (the first is IFD0) from offset 8, as cameras do, then `blobs`; each
    link sets a LONG tag of an IFD to the offset of a blob or (name `ifd:<n>`) of another IFD.
    A file cut short then keeps its tags and loses pixels, as a copy interrupted does."""
    for ifd, tag, _ in links:
        ifd.add(tag, LONG, [0])  # one LONG: sized now, set below

    def size(ifd: _IFD) -> int:
        packed = (_packed(kind, value)[0] for kind, value in ifd.entries.values())
        return 2 + 12 * len(ifd.entries) + 4 + sum(len(d) + len(d) % 2 for d in packed if len(d) > 4)

    offsets: dict[str, int] = {}
    at = 8
    for index, ifd in enumerate(ifds):
        offsets[f"ifd:{index}"] = at
        at += size(ifd)
    for name, data in blobs.items():
        at += at % 2
        offsets[name] = at
        at += len(data)
    for ifd, tag, name in links:
        ifd.add(tag, LONG, [offsets[name]])
    out = bytearray(b"II*\0" + struct.pack("<I", offsets["ifd:0"]))
    for index, ifd in enumerate(ifds):
        assert len(out) == offsets[f"ifd:{index}"]
        tags = sorted(ifd.entries)
        extra_at = len(out) + 2 + 12 * len(tags) + 4
        body = bytearray(struct.pack("<H", len(tags)))
        extra = bytearray()
        for tag in tags:
            kind, value = ifd.entries[tag]
            data, count = _packed(kind, value)
            if len(data) <= 4:
                body += struct.pack("<HHI", tag, kind, count) + data.ljust(4, b"\0")
            else:
                body += struct.pack("<HHII", tag, kind, count, extra_at + len(extra))
                extra += data + (b"\0" if len(data) % 2 else b"")
        body += struct.pack("<I", 0)
        out += body + extra
    for name, data in blobs.items():
        out += b"\0" * (offsets[name] - len(out))
        out += data
    return bytes(out)


def dng(
    picture: np.ndarray,
    *,
    orientation: int = 1,
    preview: Image.Image | None = None,
    make: str = "galleryc",
    model: str = "Test Sensor",
) -> bytes:
    """A DNG of `picture` as sensor data; with `preview`, that JPEG in IFD0 and the sensor data
    in a SubIFD, as cameras write them."""
    sensor = mosaic(picture)
    height, width = sensor.shape
    camera = _IFD()
    camera.add(271, ASCII, make)
    camera.add(272, ASCII, model)
    camera.add(274, SHORT, [orientation])
    camera.add(50706, BYTE, [1, 4, 0, 0])  # DNGVersion
    camera.add(50707, BYTE, [1, 2, 0, 0])  # DNGBackwardVersion
    camera.add(50708, ASCII, f"{make} {model}")  # UniqueCameraModel
    # Camera RGB is sRGB-linear here: XYZ (D65) -> sRGB's inverse is the identity's stand-in.
    camera.add(50721, SRATIONAL, [(1, 1), (0, 1), (0, 1), (0, 1), (1, 1), (0, 1), (0, 1), (0, 1), (1, 1)])
    camera.add(50778, SHORT, [21])  # CalibrationIlluminant1: D65
    camera.add(50728, RATIONAL, [(1, 1), (1, 1), (1, 1)])  # AsShotNeutral

    raw = _IFD()
    raw.add(254, LONG, [0])
    raw.add(256, LONG, [width])
    raw.add(257, LONG, [height])
    raw.add(258, SHORT, [16])
    raw.add(259, SHORT, [1])
    raw.add(262, SHORT, [32803])  # CFA
    raw.add(277, SHORT, [1])
    raw.add(278, LONG, [height])
    raw.add(279, LONG, [sensor.nbytes])
    raw.add(284, SHORT, [1])
    raw.add(33421, SHORT, [2, 2])  # CFARepeatPatternDim
    raw.add(33422, BYTE, [0, 1, 1, 2])  # CFAPattern: RGGB
    raw.add(50714, LONG, [BLACK])  # BlackLevel
    raw.add(50717, LONG, [WHITE])  # WhiteLevel
    blobs = {"sensor": sensor.astype("<u2").tobytes()}
    if preview is None:
        for tag, entry in camera.entries.items():
            raw.entries[tag] = entry
        return _write([raw], blobs, [(raw, 273, "sensor")])
    buffer = io.BytesIO()
    preview.convert("RGB").save(buffer, "JPEG", quality=92)
    blobs["preview"] = buffer.getvalue()
    camera.add(254, LONG, [1])
    camera.add(256, LONG, [preview.width])
    camera.add(257, LONG, [preview.height])
    camera.add(258, SHORT, [8, 8, 8])
    camera.add(259, SHORT, [7])  # JPEG
    camera.add(262, SHORT, [6])  # YCbCr
    camera.add(277, SHORT, [3])
    camera.add(278, LONG, [preview.height])
    camera.add(279, LONG, [len(blobs["preview"])])
    return _write(
        [camera, raw], blobs, [(camera, 273, "preview"), (camera, 330, "ifd:1"), (raw, 273, "sensor")]
    )


def as_image(picture: np.ndarray) -> Image.Image:
    return Image.fromarray((np.clip(picture, 0, 1) * 255).round().astype(np.uint8))
