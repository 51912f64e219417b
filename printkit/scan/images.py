"""Reading a photo or a scanned page as a grey image: JPEG and PNG by OpenCV, a PDF by its
page's embedded image (scanners and phone scanner apps store the page as one JPEG, which is
taken out as it is), else by poppler's `pdftoppm` or pypdfium2 when either is installed.
A PNG's transparency is laid on white paper. Photos beyond 12 MP are shrunk to 12 MP:
finer adds nothing to a 15 mm field."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from printkit.scan.errors import ScanError

MAX_PIXELS = 12_000_000
SHARP_SIDE = 1800  # px: sharpness is measured with the photo shrunk to this, where the markers are first looked for
# A photo whose steepest edges rise less than this share of its contrast a px (at SHARP_SIDE)
# is blurred: measured on synthetic photos, sharp ones 0.32 to 0.69, those blurred past
# finding their markers (a Gaussian of 2 px or more at SHARP_SIDE) 0.18 and below.
BLURRED_SHARPNESS = 0.2
# The same measure along the photo's blurriest direction (a shaken phone smears the photo one
# way: the edges across that way soften, those along it stay steep, and the steepest edge
# overall hardly changes). On the test sets' 500 photos it is 0.17 to 0.49 (median 0.37);
# smeared by 0.3 % of the long side (the markers still found) its median is 0.20; by 0.4 %
# (7 of 20 sheets' markers lost) 0.16; by 0.6 % (19 of 20 lost) 0.09 to 0.18.
SMEARED_SHARPNESS = 0.2
DIRECTIONS = 12  # 15 degrees apart: a smear's own direction is at most 7.5 degrees from one
MAX_BYTES = 100 * 1024 * 1024
# ISO base media files say their kind in their first box, "ftyp", then a brand
_HEIF_BRANDS = {b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1", b"avif", b"avis"}
# where a stream's data begins: its dictionary closed, the keyword, one line end
_STREAM_START = re.compile(rb">>\s*stream\r?\n")
_IMAGE_SUBTYPE = re.compile(rb"/Subtype\s*/Image\b")
# a page object (not the page tree's /Pages): more than one, and the page to read is the first
_PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
# a stream's length written in its header, not an indirect "/Length 12 0 R" (whose number is elsewhere)
_DIRECT_LENGTH = re.compile(rb"/Length\s+(\d+)\b(?!\s+\d+\s+R)")


def load_gray(path: str) -> np.ndarray:
    """The image at `path` as grey uint8, at most 12 MP; ScanError when it is no image (its
    message does not repeat the path: the caller names the photo before it)."""
    file = Path(path)
    if file.is_dir():
        raise ScanError(f"it is a folder: name the photos in it ({Path(path, '*.jpg')})")
    try:
        data = file.read_bytes() if file.stat().st_size <= MAX_BYTES else None
    except OSError as error:
        raise ScanError(f"cannot read it: {error.strerror or error}") from None
    if data is None:
        raise ScanError(f"it is over {MAX_BYTES // 2**20} MB: send a photo of at most 12 MP")
    if not data:  # an interrupted copy or upload: 'not an image' sent people looking at the format
        raise ScanError("it is empty (0 bytes): copy the photo over again")
    gray = _pdf_page(data, path) if data.startswith(b"%PDF") else _decoded(data)
    if (gray is None or gray.size == 0) and data[4:8] == b"ftyp" and data[8:12] in _HEIF_BRANDS:
        # an iPhone's photos are HEIC unless set otherwise; OpenCV reads no HEIF
        raise ScanError("it is a HEIC/HEIF photo (an iPhone's usual format), which printkit does not read: share or"
                        " export it as JPEG (or set the iPhone's Settings > Camera > Formats to Most Compatible)")
    if gray is None or gray.size == 0:
        raise ScanError("it is not an image printkit can read: give a JPEG, PNG or a scanned PDF page")
    pixels = gray.shape[0] * gray.shape[1]
    if pixels > MAX_PIXELS:
        factor = (MAX_PIXELS / pixels) ** 0.5
        gray = cv2.resize(gray, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    return gray


def _decoded(data: bytes) -> np.ndarray | None:
    """The image in `data` as grey; None for what OpenCV cannot decode (an empty file or
    stream, a truncated or oversized image: those raise inside OpenCV rather than give None)."""
    if not data:
        return None
    try:
        if _transparent_png(data):
            image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
            if image is not None and image.ndim == 3 and image.shape[2] == 4:  # colour or grey, and alpha
                return _turned(_on_white(image), _png_orientation(data))
            if image is not None and image.ndim == 2:  # grey with one transparent shade (tRNS)
                return _turned(_grey_on_white(image, _chunk(data, b"tRNS"), data[24]), _png_orientation(data))
        return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    except cv2.error:
        return None


def _chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """A PNG's chunks before its pixels (IDAT), as (type, data); nothing when not a PNG."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return
    at = 8
    while at + 8 <= len(data) and data[at + 4:at + 8] != b"IDAT":
        length = int.from_bytes(data[at:at + 4], "big")
        yield data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += 12 + length


def _chunk(data: bytes, kind: bytes) -> bytes | None:
    return next((body for name, body in _chunks(data) if name == kind), None)


def _transparent_png(data: bytes) -> bool:
    """Whether `data` is a PNG with transparency: an alpha channel (colour types 4 and 6) or a
    transparent colour (a tRNS chunk, before the pixels). OpenCV's grey read drops it and
    gives what the transparent pixels hold, often black."""
    return data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 25 and (
        data[25] in (4, 6) or _chunk(data, b"tRNS") is not None)


def _png_orientation(data: bytes) -> int:
    """The EXIF orientation (1 to 8) in a PNG's eXIf chunk, 1 without one. OpenCV's grey read
    turns the image as it says; the read that keeps the alpha does not."""
    exif = _chunk(data, b"eXIf")
    if exif is None:
        return 1
    order = "little" if exif[:2] == b"II" else "big"
    ifd = int.from_bytes(exif[4:8], order)
    for entry in range(ifd + 2, ifd + 2 + 12 * int.from_bytes(exif[ifd:ifd + 2], order), 12):
        if int.from_bytes(exif[entry:entry + 2], order) == 0x0112:  # Orientation, a SHORT
            value = int.from_bytes(exif[entry + 8:entry + 10], order)
            return value if 1 <= value <= 8 else 1
    return 1


def _grey_on_white(image: np.ndarray, transparent: bytes | None, bit_depth: int = 8) -> np.ndarray:
    """A grey PNG whose tRNS chunk names one shade transparent (1 to 16 bits): that shade
    laid on white paper."""
    shade = int.from_bytes(transparent[:2], "big") if transparent and len(transparent) >= 2 else None
    if shade is not None and bit_depth < 8:
        # OpenCV widens 1, 2 and 4-bit grey to 0..255 (a 4-bit 5 is 85); tRNS keeps the file's own scale
        shade = shade * 255 // ((1 << bit_depth) - 1)
    grey = ((image.astype(np.uint32) + 128) // 257).astype(np.uint8) if image.dtype == np.uint16 else image.copy()
    if shade is not None:
        grey[image == shade] = 255
    return grey


def _turned(image: np.ndarray, orientation: int) -> np.ndarray:
    """`image` turned and mirrored upright as EXIF orientation `orientation` says."""
    if orientation in (5, 6, 7, 8):  # the rows stored are its columns: transposed first
        image = cv2.transpose(image)
    flips = {2: 1, 3: -1, 4: 0, 6: 1, 7: -1, 8: 0}  # cv2.flip's codes: 1 left-right, 0 upside down, -1 both
    return cv2.flip(image, flips[orientation]) if orientation in flips else image


def _on_white(image: np.ndarray) -> np.ndarray:
    """A PNG with alpha (as OpenCV gives it: BGRA, grey and alpha too; 8 or 16 bits) laid on
    white paper, as grey (a scan exported with its paper cut away, a screenshot)."""
    if image.dtype == np.uint16:
        image = ((image.astype(np.uint32) + 128) // 257).astype(np.uint8)
    colour, alpha = image[:, :, :-1], image[:, :, -1].astype(np.uint16)
    grey = cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY).astype(np.uint16)
    # grey * a + white * (1 - a), in whole numbers: at most 255 * 255, within 16 bits
    return ((grey * alpha + 255 * (255 - alpha) + 127) // 255).astype(np.uint8)


def _pdf_page(data: bytes, path: str) -> np.ndarray | None:
    """The page's image: of a one-page PDF (a scanner's, which stores the page as one image)
    the largest image embedded; of a PDF of several pages the first page rendered by an
    installed rasteriser (an image of a later page may be larger: the largest was read, and
    `pdftoppm` renders page 1), else its first image; ScanError when none works."""
    several = len(_PAGE_OBJECT.findall(data)) > 1
    best = None
    for header, stream in _image_streams(data):
        if several and best is not None:
            break
        image = _decode_stream(header, stream)
        if image is not None and (best is None or image.size > best.size):
            best = image
    if several:
        try:
            return _rasterised(path)
        except ScanError:
            if best is None:
                raise
    return best if best is not None else _rasterised(path)


def _image_streams(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """(dictionary, data) of each image stream with a direct /Length, in file order. Each
    stream's dictionary is what lies between the object's "obj" and "stream", and a stream's
    data is stepped over by its length: a look from every "<<" on to the next "stream" took
    time growing with the square of a stream's size (an ASCII85 image, as reportlab writes,
    is full of "<<": 30 s for a 12 MP photo)."""
    position = 0
    while match := _STREAM_START.search(data, position):
        begun = data.rfind(b"obj", position, match.start())
        header = data[begun if begun >= 0 else position:match.end()]
        length = _DIRECT_LENGTH.search(header)
        end = match.end() + int(length.group(1)) if length else match.end()
        if length and _IMAGE_SUBTYPE.search(header):
            yield header, data[match.end():end]
        position = end


def _filters(header: bytes) -> list[bytes]:
    chain = re.search(rb"/Filter\s*(\[[^\]]*\]|/\w+)", header)
    return re.findall(rb"/(\w+)", chain.group(1)) if chain else []


def _decode_stream(header: bytes, stream: bytes) -> np.ndarray | None:
    """An image XObject's pixels: JPEG (DCTDecode) or 8-bit grey or RGB samples, under
    ASCII85 and Flate encodings; None for anything else (JBIG2, CCITT, predictors)."""
    filters = _filters(header)
    try:
        while filters and filters[0] in (b"ASCII85Decode", b"FlateDecode"):
            if filters.pop(0) == b"ASCII85Decode":
                text = stream.strip()
                text = text[2:] if text.startswith(b"<~") else text
                stream = base64.a85decode(text[:text.rindex(b"~>")] if b"~>" in text else text)
            else:
                stream = zlib.decompress(stream)
    except (ValueError, zlib.error):
        return None
    if filters == [b"DCTDecode"]:
        return _decoded(stream)
    if filters or b"/DecodeParms" in header:
        return None
    width = re.search(rb"/Width\s+(\d+)", header)
    height = re.search(rb"/Height\s+(\d+)", header)
    bits = re.search(rb"/BitsPerComponent\s+(\d+)", header)
    if not (width and height and bits) or int(bits.group(1)) != 8:
        return None
    w, h = int(width.group(1)), int(height.group(1))
    raw = np.frombuffer(stream, np.uint8)
    for name, count in ((b"/DeviceRGB", 3), (b"/DeviceGray", 1)):
        if name in header and raw.size == w * h * count:
            pixels = raw.reshape(h, w, count)
            return pixels[:, :, 0].copy() if count == 1 else cv2.cvtColor(pixels, cv2.COLOR_RGB2GRAY)
    return None


def _rasterised(path: str) -> np.ndarray | None:
    """The first page rendered by poppler's pdftoppm, else by pypdfium2; ScanError when
    neither is installed or neither can render it (a damaged PDF)."""
    poppler_failed = False
    if shutil.which("pdftoppm"):
        with tempfile.TemporaryDirectory() as folder:
            target = Path(folder) / "page"
            try:
                done = subprocess.run(["pdftoppm", "-r", "300", "-gray", "-png", "-f", "1", "-l", "1", path,
                                       str(target)], capture_output=True, timeout=60)
            except subprocess.TimeoutExpired:
                raise ScanError("its page took over a minute to render: export the page as PNG or JPEG and scan"
                                " that") from None
            pages = sorted(Path(folder).glob("page*.png"))
            if done.returncode == 0 and pages:
                return cv2.imread(str(pages[0]), cv2.IMREAD_GRAYSCALE)
            poppler_failed = True
    damaged = ScanError("the PDF could not be rendered (is it damaged?): export the page as PNG or JPEG and scan that")
    try:
        import pypdfium2  # optional: not a dependency of printkit
    except ImportError:
        if poppler_failed:
            raise damaged from None
        raise ScanError("the PDF holds no embedded scan image printkit can take out, and no PDF renderer is"
                        " installed (poppler-utils' pdftoppm, or pip install pypdfium2): export the page as"
                        " PNG or JPEG and scan that") from None
    try:
        page = pypdfium2.PdfDocument(path)[0]
        return np.asarray(page.render(scale=300 / 72, grayscale=True).to_pil())
    except Exception:  # pypdfium2's PdfiumError, or an IndexError for a PDF of no pages
        raise damaged from None


def _gradients(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """The brightness gradient's x and y a px at SHARP_SIDE, and the photo's contrast (1st to
    99th percentile of brightness, at least 1)."""
    scale = min(1.0, SHARP_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1.0 else gray
    small = small.astype(np.float32)
    low, high = np.percentile(small, [1, 99])
    return (cv2.Sobel(small, cv2.CV_32F, 1, 0, ksize=3) / 8, cv2.Sobel(small, cv2.CV_32F, 0, 1, ksize=3) / 8,
            max(float(high - low), 1.0))


def sharpness(gray: np.ndarray) -> float:
    """How steep the photo's steepest edges are (the 99.9th percentile of the brightness
    gradient a px, at SHARP_SIDE) for its contrast: about 0.5 for a photo in focus, under
    BLURRED_SHARPNESS for one too blurred to read."""
    gx, gy, contrast = _gradients(gray)
    return float(np.percentile(np.hypot(gx, gy), 99.9) / contrast)


def sharpness_across_smear(gray: np.ndarray) -> float:
    """sharpness() along the direction the photo is blurriest in (the least, over DIRECTIONS
    directions, of the 99.9th percentile of the brightness's slope that way): a photo smeared
    by a shaken phone is steep across the smear and soft along it."""
    gx, gy, contrast = _gradients(gray)
    gx, gy = gx[::2, ::2].ravel(), gy[::2, ::2].ravel()  # every fourth px: as good a percentile, 4 times quicker
    top = int(0.999 * (gx.size - 1))
    return min(float(np.partition(np.abs(np.cos(angle) * gx + np.sin(angle) * gy), top)[top])
               for angle in np.arange(DIRECTIONS) * np.pi / DIRECTIONS) / contrast


def looks_blurred(gray: np.ndarray) -> bool:
    """Whether the photo is too blurred to read, out of focus or smeared by the phone moving; a
    plain photo (no contrast) is not blurred. Asked only where something went wrong (markers
    not found, lines too faint, frames faded as under a glare): it costs about 0.2 s CPU."""
    low, high = np.percentile(gray, [1, 99])
    return float(high - low) >= 32 and (sharpness(gray) < BLURRED_SHARPNESS
                                        or sharpness_across_smear(gray) < SMEARED_SHARPNESS)
