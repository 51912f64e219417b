"""Reading a photographed, hand-drawn design sheet back into a level (`printkit scan`).

`layout` and `alphabet` are pure geometry, shared with the printed sheet; the image
pipeline (`images`, `markers`, `fields`, `features`, `classifier`, `reading`) needs OpenCV
and numpy, the scan extra (wording.install_hint); `synth` makes the project's own hand-drawn sheets and
photo-like images for training and the bench.
"""
