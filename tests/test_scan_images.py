"""Photos and scanned pages read as grey images (printkit.scan.images)."""

from __future__ import annotations

import builtins
import io
import subprocess
import sys

import cv2
import numpy as np
import pytest
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from printkit.scan import images
from printkit.scan.errors import ScanError


def picture(width: int = 300, height: int = 200) -> np.ndarray:
    image = np.full((height, width), 230, np.uint8)
    cv2.rectangle(image, (20, 30), (120, 90), 10, -1)
    return image


@pytest.mark.parametrize("suffix", [".png", ".jpg"])
def test_jpeg_and_png_come_in_grey(tmp_path, suffix):
    path = tmp_path / f"photo{suffix}"
    cv2.imwrite(str(path), cv2.cvtColor(picture(), cv2.COLOR_GRAY2BGR))
    gray = images.load_gray(str(path))
    assert gray.shape == (200, 300) and gray.dtype == np.uint8
    assert abs(int(gray[60, 70]) - 10) < 8 and abs(int(gray[150, 250]) - 230) < 8


def _png(image) -> bytes:
    """`image` (a PIL image) as PNG bytes: PIL writes the kinds OpenCV does not (grey with
    alpha, a palette with a transparent colour)."""
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _png_with_transparent_shade(image, shade: int) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", transparency=shade)  # a tRNS chunk: that grey shade is transparent
    return out.getvalue()


def _pngs() -> dict[str, bytes]:
    """picture() as each kind of PNG; where one has transparency, the background (230) is
    transparent over black and the rectangle (10) opaque: on white paper 255 and 10."""
    from PIL import Image

    grey = picture()
    alpha = np.where(grey > 100, 0, 255).astype(np.uint8)
    black = np.where(grey > 100, 0, grey).astype(np.uint8)
    rgba = Image.merge("RGBA", [Image.fromarray(black)] * 3 + [Image.fromarray(alpha)])
    return {
        "rgba": cv2.imencode(".png", cv2.merge([black, black, black, alpha]))[1].tobytes(),
        "rgba-16-bit": cv2.imencode(".png", cv2.merge([black, black, black, alpha]).astype(np.uint16) * 257)[1].tobytes(),
        "grey-with-alpha": _png(Image.merge("LA", [Image.fromarray(black), Image.fromarray(alpha)])),
        "palette-with-transparency": _png(rgba.quantize(colors=4)),
        "grey-with-a-transparent-shade": _png_with_transparent_shade(Image.fromarray(black), 0),
        "grey-16-bit": cv2.imencode(".png", grey.astype(np.uint16) * 257)[1].tobytes(),
        "palette": _png(Image.fromarray(grey).convert("P")),
    }


@pytest.mark.parametrize("kind", ["rgba", "rgba-16-bit", "grey-with-alpha", "palette-with-transparency",
                                  "grey-with-a-transparent-shade", "grey-16-bit", "palette"])
def test_every_kind_of_png_comes_in_grey_its_transparency_laid_on_white(tmp_path, kind):
    """A PNG with transparency was read as if its transparent parts were black (what they hold
    under the alpha); a screenshot or an image with its background cut away has them."""
    path = tmp_path / "photo.png"
    path.write_bytes(_pngs()[kind])
    gray = images.load_gray(str(path))
    assert gray.shape == (200, 300) and gray.dtype == np.uint8
    background = 230 if kind in ("grey-16-bit", "palette") else 255
    assert abs(int(gray[60, 70]) - 10) < 3 and abs(int(gray[150, 250]) - background) < 3


def _low_depth_grey_png(bits: int, rows: list[list[int]], transparent: int) -> bytes:
    """A grey PNG of 1, 2 or 4 bits a pixel with a tRNS chunk, written by hand: neither PIL
    nor OpenCV writes one."""
    import struct
    import zlib

    raw = b""
    for row in rows:
        packed, value, filled = bytearray(), 0, 0
        for sample in row:
            value, filled = value << bits | sample, filled + bits
            if filled == 8:
                packed.append(value)
                value, filled = 0, 0
        if filled:
            packed.append(value << (8 - filled))
        raw += b"\0" + bytes(packed)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", len(rows[0]), len(rows), bits, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"tRNS", struct.pack(">H", transparent))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


@pytest.mark.parametrize(("bits", "transparent", "ink"), [(4, 5, 0), (2, 1, 3), (1, 1, 0)])
def test_a_low_depth_grey_png_has_its_transparent_shade_laid_on_white(tmp_path, bits, transparent, ink):
    """The tRNS shade of a 1, 2 or 4-bit grey PNG is in the file's own scale, OpenCV's pixels
    in 0..255: a 4-bit PNG transparent at 5 kept its transparent parts at 85 (dark grey paper)."""
    rows = [[ink if (x // 4 + y // 4) % 2 else transparent for x in range(16)] for y in range(16)]
    path = tmp_path / "photo.png"
    path.write_bytes(_low_depth_grey_png(bits, rows, transparent))
    gray = images.load_gray(str(path))
    top = (1 << bits) - 1
    assert gray[0, 0] == 255 and gray[0, 4] == ink * 255 // top


def test_half_transparent_grey_is_laid_on_white(tmp_path):
    path = tmp_path / "photo.png"
    cv2.imwrite(str(path), cv2.merge([np.full((10, 10), value, np.uint8) for value in (0, 100, 200, 128)]))
    # grey of (B 0, G 100, R 200) is 0.114 * 0 + 0.587 * 100 + 0.299 * 200 = 118.5; half over white 186.8
    assert abs(int(images.load_gray(str(path))[5, 5]) - 187) <= 1


def _pdf_with_image(path, image: np.ndarray, fmt: str) -> None:
    ok, data = cv2.imencode(fmt, image)
    page = canvas.Canvas(str(path), pagesize=(595, 842))
    page.drawImage(ImageReader(io.BytesIO(data.tobytes())), 0, 0, 595, 842)
    page.save()


@pytest.mark.parametrize("fmt", [".jpg", ".png"])
def test_a_scanned_pdf_page_gives_its_embedded_image_without_a_renderer(tmp_path, monkeypatch, fmt):
    monkeypatch.setattr(images.shutil, "which", lambda name: None)  # no pdftoppm
    path = tmp_path / "scan.pdf"
    _pdf_with_image(path, picture(600, 400), fmt)
    gray = images.load_gray(str(path))
    assert gray.shape == (400, 600)
    assert abs(int(gray[60, 70]) - 10) < 10 and abs(int(gray[300, 500]) - 230) < 10


def test_an_ascii85_image_full_of_double_angles_is_read_in_linear_time(tmp_path):
    """reportlab writes a PDF's images ASCII85-encoded, text full of "<<": the image objects were
    looked for from every "<<" on to the next "stream", a 3.5 MB PDF took 30 s and a two-page
    12 MP one over two minutes. Here a stream of 400,000 "<<" after the page's image: looked
    for so, it takes hours; stepped over by its length, milliseconds (a child process, so that
    a slow look fails the test rather than hanging it)."""
    ok, jpeg = cv2.imencode(".jpg", picture(60, 40))
    noise = b"<<" * 400_000
    path = tmp_path / "scan.pdf"
    image = (b"1 0 obj\n<< /Type /XObject /Subtype /Image /Width 60 /Height 40 /ColorSpace /DeviceGray"
             b" /BitsPerComponent 8 /Filter /DCTDecode /Length " + str(jpeg.size).encode() + b" >>\nstream\n")
    # a stream of "<<" after the image, and another stream after that: from every "<<" the old
    # look went on to that stream's "stream", found no /Subtype /Image and began again
    path.write_bytes(b"%PDF-1.4\n" + image + jpeg.tobytes() + b"\nendstream\nendobj\n2 0 obj\n<< /Length "
                     + str(len(noise)).encode() + b" >>\nstream\n" + noise + b"\nendstream\nendobj\n"
                     b"3 0 obj\n<< /Length 4 >>\nstream\nq Q\n\nendstream\nendobj\n%%EOF\n")
    code = f"from printkit.scan import images; print(images.load_gray({str(path)!r}).shape)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "(40, 60)", done.stderr


def _pdf_of_pages(path, *pages: np.ndarray) -> None:
    """A scanner's PDF: a page for each image, each its own size."""
    pdf = canvas.Canvas(str(path))
    for image in pages:
        ok, data = cv2.imencode(".jpg", image)
        height, width = image.shape[:2]
        pdf.setPageSize((width, height))
        pdf.drawImage(ImageReader(io.BytesIO(data.tobytes())), 0, 0, width, height)
        pdf.showPage()
    pdf.save()


@pytest.mark.parametrize("renderer", [True, False])
def test_of_a_pdf_of_several_pages_the_first_page_is_read_not_the_largest_image(tmp_path, monkeypatch, renderer):
    """A scanner's PDF of several sheets: the largest image of any page was read (page 2's,
    bigger), where pdftoppm renders page 1. Without a renderer, page 1's is the first image."""
    if not renderer:
        monkeypatch.setattr(images.shutil, "which", lambda name: None)
        monkeypatch.setitem(sys.modules, "pypdfium2", None)
    elif not images.shutil.which("pdftoppm"):
        pytest.skip("needs poppler's pdftoppm")
    first = picture(300, 200)
    second = np.full((400, 500, 3), 128, np.uint8)
    path = tmp_path / "scans.pdf"
    _pdf_of_pages(path, first, second)
    gray = images.load_gray(str(path))
    assert gray.shape[1] / gray.shape[0] == pytest.approx(1.5, rel=0.02)
    assert int(gray.min()) < 60 and int(gray.max()) > 200  # page 1's picture, not page 2's even grey


def test_a_pdf_with_nothing_to_take_out_and_no_renderer_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setattr(images.shutil, "which", lambda name: None)
    real_import = builtins.__import__

    def no_pdfium(name, *args, **kwargs):
        if name == "pypdfium2":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_pdfium)
    path = tmp_path / "drawn.pdf"
    page = canvas.Canvas(str(path))
    page.line(10, 10, 100, 100)
    page.save()
    with pytest.raises(ScanError, match="export the page as PNG or JPEG"):
        images.load_gray(str(path))


def test_not_an_image_and_a_missing_file_are_scan_errors(tmp_path):
    junk = tmp_path / "notes.jpg"
    junk.write_text("not a picture")
    with pytest.raises(ScanError, match="JPEG, PNG or a scanned PDF"):
        images.load_gray(str(junk))
    with pytest.raises(ScanError, match="cannot read"):
        images.load_gray(str(tmp_path / "missing.jpg"))


def test_photos_beyond_12_mp_are_shrunk_to_12_mp(tmp_path):
    path = tmp_path / "big.png"
    cv2.imwrite(str(path), np.full((3200, 4400), 200, np.uint8))  # 14 MP
    gray = images.load_gray(str(path))
    assert gray.shape[0] * gray.shape[1] <= images.MAX_PIXELS
    assert gray.shape[1] / gray.shape[0] == pytest.approx(4400 / 3200, rel=0.01)


def test_an_empty_file_is_a_scan_error_not_an_opencv_failure(tmp_path):
    """OpenCV's imdecode raises on an empty buffer (an interrupted copy, a zero-byte upload)."""
    empty = tmp_path / "photo.png"
    empty.write_bytes(b"")
    with pytest.raises(ScanError, match=r"it is empty \(0 bytes\): copy the photo over again"):
        images.load_gray(str(empty))


@pytest.mark.parametrize("brand", [b"heic", b"mif1", b"avif"])
def test_an_iphone_heic_photo_is_refused_saying_how_to_get_a_jpeg(tmp_path, brand):
    """iPhones save HEIC unless told otherwise: 'not an image' left the user lost."""
    photo = tmp_path / "IMG_0042.HEIC"
    photo.write_bytes(b"\x00\x00\x00\x18ftyp" + brand + b"\x00\x00\x00\x00mif1heic" + bytes(200))
    with pytest.raises(ScanError, match="HEIC/HEIF photo .* export it as JPEG"):
        images.load_gray(str(photo))
    photo.write_bytes(b"\x00\x00\x00\x18ftypisom" + bytes(200))  # an MP4 video: no HEIF advice
    with pytest.raises(ScanError, match="not an image printkit can read"):
        images.load_gray(str(photo))


def test_a_pdf_whose_jpeg_stream_is_empty_is_a_scan_error(tmp_path, monkeypatch):
    monkeypatch.setattr(images.shutil, "which", lambda name: None)
    monkeypatch.setitem(__import__("sys").modules, "pypdfium2", None)  # no renderer either
    path = tmp_path / "scan.pdf"
    path.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /XObject /Subtype /Image /Width 10 /Height 10"
                     b" /Filter /DCTDecode /Length 0 >>\nstream\n\nendstream\nendobj\n%%EOF\n")
    with pytest.raises(ScanError, match="export the page as PNG or JPEG"):
        images.load_gray(str(path))



@pytest.mark.parametrize("header, length", [(b"/Length 48213 /Filter /DCTDecode", b"48213"), (b"/Length 7>>", b"7"),
                                            (b"/Length 48213 0 R", None), (b"/Length 12 0 R", None), (b"/Length 7 0 R", None)])
def test_a_stream_length_is_taken_only_when_written_in_its_header(header, length):
    """An indirect length's number is elsewhere in the file: its first digits are no length."""
    found = images._DIRECT_LENGTH.search(header)
    assert (found.group(1) if found else None) == length


class _FakePdfium:
    class PdfDocument:  # pypdfium2's, failing as it does on a damaged file
        def __init__(self, path):
            raise RuntimeError("Failed to load document (PDFium: Data format error)")


@pytest.mark.parametrize("renderers", ["pdftoppm failing", "pdftoppm failing, pypdfium2 failing", "pypdfium2 failing"])
def test_a_damaged_pdf_is_a_scan_error_not_a_crash(tmp_path, monkeypatch, renderers):
    import subprocess
    import sys

    path = tmp_path / "scan.pdf"
    path.write_bytes(b"%PDF-1.4\ngarbage")
    poppler = "pdftoppm" in renderers
    monkeypatch.setattr(images.shutil, "which", lambda name: "/usr/bin/pdftoppm" if poppler else None)
    monkeypatch.setattr(images.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 1, b"", b"damaged"))
    monkeypatch.setitem(sys.modules, "pypdfium2", _FakePdfium if "pypdfium2" in renderers else None)
    with pytest.raises(ScanError, match=r"the PDF could not be rendered \(is it damaged\?\): export the page"):
        images.load_gray(str(path))

def test_a_folder_is_a_scan_error_naming_its_photos(tmp_path):
    with pytest.raises(ScanError, match=r"it is a folder: name the photos in it"):
        images.load_gray(str(tmp_path))


def test_a_photo_in_focus_is_sharp_a_blurred_one_is_not_and_a_plain_one_is_not_blurred():
    from scansheets import drawn, gray
    photo = gray(drawn(3))
    assert images.sharpness(photo) > 2 * images.BLURRED_SHARPNESS and not images.looks_blurred(photo)
    assert images.looks_blurred(cv2.GaussianBlur(photo, (0, 0), 4))
    assert not images.looks_blurred(np.full((900, 1200), 240, np.uint8))  # a blank page: nothing to be sharp


def test_a_photo_smeared_one_way_is_blurred_though_its_steepest_edges_stay_steep():
    """A shaken phone's photo (smeared 15 px one way, about 2 mm on the paper): the edges along
    the smear keep it sharp by sharpness(), across the smear it is as soft as a photo out of
    focus; a sharp photo is steep every way."""
    from scansheets import drawn, gray
    photo = gray(drawn(5))  # smeared, still 0.27 by its steepest edges (drawn(3) since the synth drew each field apart: 0.19)
    line = np.zeros((15, 15), np.float32)
    line[:, 7] = 1 / 15  # a vertical smear
    shaken = cv2.filter2D(photo, -1, line)
    assert images.sharpness(shaken) > images.BLURRED_SHARPNESS  # not blurred by the steepest edges
    assert images.sharpness_across_smear(shaken) < images.SMEARED_SHARPNESS < images.sharpness_across_smear(photo)
    assert images.looks_blurred(shaken) and not images.looks_blurred(photo)


@pytest.mark.parametrize("orientation", range(1, 9))
def test_a_png_with_transparency_is_turned_as_its_exif_says_like_any_other(tmp_path, orientation):
    """OpenCV turns a photo as its EXIF orientation says, also a PNG's (eXIf); the read that
    keeps the alpha does not, so the transparent PNG came in turned otherwise than the rest."""
    from PIL import Image

    grey = picture(60, 40)
    grey[5:10, 40:55] = 120  # no symmetry: every turn and mirror differs
    alpha = np.full(grey.shape, 255, np.uint8)
    alpha[0, 0] = 254  # an alpha channel that is used
    exif = Image.Exif()
    exif[0x0112] = orientation
    path = tmp_path / "photo.png"
    Image.merge("RGBA", [Image.fromarray(grey)] * 3 + [Image.fromarray(alpha)]).save(path, format="PNG", exif=exif)
    expected = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)  # OpenCV's turn, the alpha left out
    gray = images.load_gray(str(path))
    assert gray.shape == expected.shape and np.abs(gray.astype(int) - expected).max() <= 2
