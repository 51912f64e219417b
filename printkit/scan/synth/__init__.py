"""The project's own hand-drawn sheets and photo-like images of them, made from a seed:
`forms` and `cousins` vary each tile's drawn form, `styles` names the ways people draw (pens,
hands, which forms they use), `ink` puts strokes on paper, `page` rasterises a printed design
sheet with a level drawn on it, `photo` turns it into a phone photo, and `patches` draws single
fields straight into the patches the scan reads. The classifier is trained on some styles and
forms, and the bench measures it on two sets of styles and forms held out of training."""
