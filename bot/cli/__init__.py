"""Every `bvunzo` verb, and `bvunzo play` in a terminal."""
