"""What goes wrong with a photo, said so that the user knows what to do (exit status 2)."""

from __future__ import annotations


class ScanError(Exception):
    """The photo cannot be read: `message` says why and what to do instead."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


RETAKE = "retake the photo from above with all four corners of the sheet in view"
FOCUS = "hold the phone still and let it focus"
