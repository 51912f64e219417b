"""The project's own hand-drawn sheets and photo-like images of them, made from a seed:
`forms` varies each tile's drawn form, `styles` names the ways people draw (pens, hands,
which forms they use), `ink` puts strokes on paper, `page` rasterises a printed design
sheet with a level drawn on it, `photo` turns it into a phone photo. The classifier is
trained on some styles and the bench measures it on styles held out of training."""
