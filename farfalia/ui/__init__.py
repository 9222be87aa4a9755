"""The page, without the DOM: texts, the SVG renderer, panels, the session, the viewer, the controller."""
