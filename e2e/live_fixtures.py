"""Live Photo and Motion Photo fixtures for the tests: stills and movies written here from scratch.

An iPhone Live Photo is two files, a still and a short QuickTime movie, tied by one UUID, the
content identifier. The still keeps it in its Apple MakerNote (Exif tag 0x927C): `Apple iOS\\0`,
version 1, `MM`, then a big-endian IFD at offset 14 whose value offsets count from the start of
the MakerNote, with tag 0x0011 the identifier (exiftool calls it MediaGroupUUID). The movie keeps
it as the metadata key `com.apple.quicktime.content.identifier` (`mdta` `keys` and `ilst` in
moov/meta), beside `com.apple.quicktime.location.ISO6709`, where it was taken.

A Google or Samsung Motion Photo is one file: a JPEG with an MP4 appended after its EOI. Its XMP
says so twice: `GCamera:MotionPhoto` with a `Container:Directory` of items (the JPEG, then the
video with its byte length; readers count back from the end of the file, and only the primary
item's `Item:Padding` counts, bytes between the JPEG and the video), and the older
`GCamera:MicroVideo` with `MicroVideoOffset`, the video's distance from the end of the file.
Android's muxer writes the video's location as a `©xyz` user data atom in moov/udta.
"""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

from PIL import Image

# TIFF field types
SHORT, ASCII, LONG, UNDEFINED, SLONG, SRATIONAL = 3, 2, 4, 7, 9, 10
LOCATION = "+48.8582+002.2945+035.000/"  # ISO 6709: latitude, longitude, altitude in metres


def _ifd(entries: list[tuple[int, int, bytes]], at: int) -> bytes:
    """A big-endian IFD that starts at offset `at` of the data its offsets count from: (tag,
    type, value) entries in tag order, values over four bytes after the next-IFD link (0)."""
    body = struct.pack(">H", len(entries))
    extra = b""
    extra_at = at + 2 + 12 * len(entries) + 4
    for tag, kind, value in sorted(entries):
        count = len(value) // {SHORT: 2, LONG: 4, SLONG: 4, SRATIONAL: 8}.get(kind, 1)
        if len(value) <= 4:
            body += struct.pack(">HHI", tag, kind, count) + value.ljust(4, b"\0")
        else:
            body += struct.pack(">HHII", tag, kind, count, extra_at + len(extra))
            extra += value + b"\0" * (len(value) % 2)
    return body + struct.pack(">I", 0) + extra


def apple_makernote(entries: list[tuple[int, int, bytes]]) -> bytes:
    """An iPhone's MakerNote: MakerNoteVersion 14 and `entries`, their offsets counted from the
    start of the MakerNote."""
    return b"Apple iOS\0" + b"\0\x01" + b"MM" + _ifd([(0x0001, SLONG, struct.pack(">i", 14)), *entries], 14)


def content_identifier_entry(content_identifier: str) -> tuple[int, int, bytes]:
    """MakerNote tag 0x0011, the content identifier (exiftool's MediaGroupUUID)."""
    return (0x0011, ASCII, content_identifier.encode() + b"\0")


def apple_exif(
    makernote: list[tuple[int, int, bytes]] | None, date: str = "2024:05:01 12:00:00", orientation: int | None = None
) -> bytes:
    """An APP1 Exif payload, big-endian as iPhones write it: Make, Model (and Orientation) in
    IFD0, then DateTimeOriginal and the MakerNote (UNDEFINED) with `makernote`'s entries in the
    Exif IFD. Built here because Pillow writes an unknown tag's bytes as BYTE, not UNDEFINED."""
    camera = [(0x010F, ASCII, b"Apple\0"), (0x0110, ASCII, b"iPhone 15\0")]
    if orientation is not None:
        camera.append((0x0112, SHORT, struct.pack(">H", orientation)))
    exif = [(0x9003, ASCII, date.encode() + b"\0")]
    if makernote is not None:
        exif.append((0x927C, UNDEFINED, apple_makernote(makernote)))
    exif_at = 8 + len(_ifd(camera + [(0x8769, LONG, bytes(4))], 8))
    ifd0 = _ifd(camera + [(0x8769, LONG, struct.pack(">I", exif_at))], 8)
    return b"Exif\0\0MM\0*" + struct.pack(">I", 8) + ifd0 + _ifd(exif, exif_at)


def live_still(
    path: Path,
    content_identifier: str | None,
    size: tuple[int, int] = (640, 480),
    colour: tuple[int, int, int] = (200, 60, 40),
    date: str = "2024:05:01 12:00:00",
) -> None:
    """The still of a Live Photo, an iPhone's JPEG; without an identifier, one taken alone."""
    exif = apple_exif(None if content_identifier is None else [content_identifier_entry(content_identifier)], date)
    Image.new("RGB", size, colour).save(path, "JPEG", quality=90, exif=exif)


def _encode(path: Path, seconds: float, size: str, container: str, metadata: dict[str, str | None]) -> None:
    """A moving test pattern (H.264) with a 440 Hz tone (AAC); `metadata` and ffmpeg's encoder
    name as `mdta` keys, which ffmpeg 5 puts in an ISO meta box alone in moov/udta."""
    given = {key: value for key, value in metadata.items() if value is not None}
    tags = [arg for key, value in given.items() for arg in ("-metadata", f"{key}={value}")]
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size={size}:rate=30",
         "-f", "lavfi", "-i", "sine=frequency=440", "-t", str(seconds), "-c:v", "libx264",
         "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
         "-movflags", "use_metadata_tags", *tags, "-f", container, str(path)],
        check=True,
    )  # fmt: skip


def _boxes(data: bytes) -> list[tuple[bytes, bytes]]:
    """The boxes laid end to end in `data`, as (type, whole box); ffmpeg's sizes are 32-bit."""
    boxes, at = [], 0
    while at < len(data):
        size, kind = struct.unpack_from(">I4s", data, at)
        boxes.append((kind, data[at : at + size]))
        at += size
    return boxes


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I4s", 8 + len(payload), kind) + payload


def _split_moov(data: bytes) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    """What comes before moov, and moov's boxes. ffmpeg writes moov last, after mdat, so a
    new moov moves no sample and its chunk offsets stay right."""
    kind, moov = _boxes(data)[-1]
    assert kind == b"moov"
    return data[: -len(moov)], _boxes(moov[8:])


def live_movie(
    path: Path,
    content_identifier: str | None,
    seconds: float = 2.0,
    size: str = "320x240",
    location: str | None = LOCATION,
) -> None:
    """The movie of a Live Photo: a QuickTime file with the identifier and location as keys."""
    _encode(path, seconds, size, "mov", {
        "com.apple.quicktime.content.identifier": content_identifier,
        "com.apple.quicktime.location.ISO6709": location,
    })  # fmt: skip
    head, boxes = _split_moov(path.read_bytes())
    # ffmpeg 5 writes the keys in an ISO meta (version and flags first) alone in moov/udta; an
    # iPhone's meta is QuickTime's (no version and flags), in moov itself.
    boxes = [_box(b"meta", box[20:]) if kind == b"udta" else box for kind, box in boxes]
    path.write_bytes(head + _box(b"moov", b"".join(boxes)))


def _motion_xmp(video_length: int, padding: int, legacy: bool, container: bool) -> bytes:
    """The XMP packet of a Motion Photo: the MicroVideo attributes (`legacy`), the MotionPhoto
    ones and the directory (`container`), or both, as many phones write them."""
    camera = ['GCamera:MotionPhoto="1"', 'GCamera:MotionPhotoVersion="1"']
    camera.append('GCamera:MotionPhotoPresentationTimestampUs="0"')
    directory = f"""
    <Container:Directory><rdf:Seq>
     <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary"
       Item:Length="0" Item:Padding="{padding}"/></rdf:li>
     <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto"
       Item:Length="{video_length}" Item:Padding="0"/></rdf:li>
    </rdf:Seq></Container:Directory>
   """
    # The offset counts from the end of the file to the video, which the padding precedes.
    micro = ['GCamera:MicroVideo="1"', 'GCamera:MicroVideoVersion="1"']
    micro.append(f'GCamera:MicroVideoOffset="{video_length}"')
    attributes = (camera if container else []) + (micro if legacy else [])
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
    xmlns:Container="http://ns.google.com/photos/1.0/container/"
    xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
    {" ".join(attributes)}>{directory if container else ""}</rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode()


def motion_photo(
    path: Path,
    seconds: float = 1.5,
    size: tuple[int, int] = (640, 480),
    location: str | None = LOCATION,
    padding: int = 0,
    legacy_only: bool = False,
    container_only: bool = False,
) -> tuple[int, int]:
    """A Motion Photo JPEG, its MP4 after `padding` zero bytes past the EOI (declared on the
    primary item, as ExoPlayer reads it). Both XMP schemes unless `legacy_only` (MicroVideo
    alone) or `container_only` (the directory alone). Returns the MP4's offset and length."""
    if legacy_only and container_only:
        raise ValueError("legacy_only and container_only leave no Motion Photo XMP")
    mp4 = _motion_mp4(path, seconds, size, location)
    xmp = _motion_xmp(len(mp4), padding, legacy=not container_only, container=not legacy_only)
    Image.new("RGB", size, (40, 90, 160)).save(path, "JPEG", quality=90, xmp=xmp)
    with path.open("ab") as file:
        file.write(bytes(padding) + mp4)
    return path.stat().st_size - len(mp4), len(mp4)


def _motion_mp4(path: Path, seconds: float, size: tuple[int, int], location: str | None) -> bytes:
    """The MP4 a phone appends: its location (when given) as Android's muxer writes it."""
    mp4_path = path.with_suffix(".mp4.tmp")
    _encode(mp4_path, seconds, f"{size[0]}x{size[1]}", "mp4", {})
    head, boxes = _split_moov(mp4_path.read_bytes())
    mp4_path.unlink()
    boxes = [box for kind, box in boxes if kind != b"udta"]  # ffmpeg's encoder key: Android has none
    if location is not None:
        text = location.encode()  # after its length and the language code of "eng"
        boxes.append(_box(b"udta", _box(b"\xa9xyz", struct.pack(">HH", len(text), 0x15C7) + text)))
    return head + _box(b"moov", b"".join(boxes))


def motion_photo_heic(path: Path, still: Path, seconds: float = 1.5, location: str | None = LOCATION) -> int:
    """A HEIC Motion Photo (as Galaxies write them): `still` (a HEIC) with the Motion Photo
    XMP written by exiftool, then the MP4 in a top-level `mpvd` box (a second `ftyp` at the top
    level would make the file no HEIF to libheif), so that it still ends the file. Returns the
    MP4's length."""
    mp4 = _motion_mp4(path, seconds, (320, 240), location)
    xmp_file = path.with_suffix(".xmp.tmp")
    xmp_file.write_bytes(_motion_xmp(len(mp4), 0, legacy=True, container=True))
    subprocess.run(
        ["exiftool", "-q", "-o", str(path), f"-xmp<={xmp_file}", str(still)], check=True, timeout=60
    )
    xmp_file.unlink()
    with path.open("ab") as file:
        file.write(_box(b"mpvd", mp4))
    return len(mp4)


def has_location(data: bytes) -> bool:
    """Whether a movie's bytes hold a location: a `©xyz` atom, the ISO 6709 key, or the default."""
    markers = (b"\xa9xyz", b"com.apple.quicktime.location.ISO6709", LOCATION.encode())
    return any(marker in data for marker in markers)


if __name__ == "__main__":
    import json
    import tempfile

    def run(*args: str | Path) -> bytes:
        return subprocess.run([*map(str, args)], capture_output=True, check=True).stdout

    def exiftool(*args: str | Path) -> dict:
        return json.loads(run("exiftool", "-j", "-G1", *args))[0]

    def ffprobe_tags(path: Path) -> dict:
        probe = json.loads(run("ffprobe", "-v", "error", "-of", "json", "-show_format", path))
        return probe["format"].get("tags", {})

    uuid = "5F2A8C1E-3B7D-4E9A-9C21-7D4B0E6A1F38"
    with tempfile.TemporaryDirectory() as folder:
        still, movie, motion, clip = (Path(folder, name) for name in ("A.JPG", "A.MOV", "MP.jpg", "c.mp4"))
        live_still(still, uuid)
        tags = exiftool("-Apple:all", "-Make", "-Model", "-DateTimeOriginal", still)
        print("still:", tags)
        assert tags["Apple:MediaGroupUUID"] == uuid and tags["Apple:MakerNoteVersion"] == 14
        live_still(still, None)
        assert "Apple:MediaGroupUUID" not in exiftool("-Apple:all", still)

        live_movie(movie, uuid)
        tags, keys = ffprobe_tags(movie), exiftool("-Keys:all", movie)
        moov = [kind for kind, _ in _split_moov(movie.read_bytes())[1]]
        print("movie:", tags, keys, moov)
        assert tags["com.apple.quicktime.content.identifier"] == keys["Keys:ContentIdentifier"] == uuid
        assert tags["com.apple.quicktime.location.ISO6709"] == LOCATION and "Keys:GPSCoordinates" in keys
        assert moov[-1] == b"meta" and b"udta" not in moov and has_location(movie.read_bytes())
        live_movie(movie, None, location=None)
        assert "Keys:ContentIdentifier" not in exiftool("-Keys:all", movie)
        assert not has_location(movie.read_bytes())

        for options in ({}, {"legacy_only": True}, {"container_only": True}, {"padding": 8}):
            offset, length = motion_photo(motion, **options)
            data, padding = motion.read_bytes(), options.get("padding", 0)
            tags = exiftool("-struct", "-XMP-GCamera:all", "-XMP-Container:all", motion)
            print("motion photo", options, (offset, length), tags)
            assert data[offset + 4 : offset + 8] == b"ftyp" and offset + length == len(data)
            assert data[offset - padding : offset] == bytes(padding) and has_location(data[offset:])
            assert ("XMP-GCamera:MicroVideoOffset" in tags) != options.get("container_only", False)
            if not options.get("legacy_only"):
                items = [entry["Item"] for entry in tags["XMP-Container:Directory"]]
                assert [(item["Semantic"], item["Length"], item["Padding"]) for item in items] == [
                    ("Primary", 0, padding), ("MotionPhoto", length, 0)]  # fmt: skip
            if not padding:  # exiftool takes a video only right after the EOI
                clip.write_bytes(run("exiftool", "-ee", "-b", "-EmbeddedVideo", motion))
                assert clip.read_bytes() == data[offset:] and ffprobe_tags(clip)["location"] == LOCATION
                print("  extracted:", clip.stat().st_size, "bytes,", ffprobe_tags(clip))
    print("ok")
