"""`printkit editor`: a level editor in the browser, served on this machine.

The server only calls the core (the loader, the validator, the move engine) and the
existing renderers; the page is plain JavaScript modules shipped in `static/`.
"""
