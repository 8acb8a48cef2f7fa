"""A site with sigal's shapes, for the browser tests of how pages give photos the screen:
sigal's real sample gallery (Tests/Fixtures/corpus/sigal-sample: photos of about 600 px, sigal
headers, a Markdown home page with text, an album with a long Markdown description, a video
album) plus albums made here with Pillow, so that the navigation holds 12 albums:

- ``notes``: 600 px photos under a very long Markdown description (headings, lists, several
  paragraphs: longer than two phone screens);
- ``pair``: a short album of two landscapes, one row that must reach the right edge;
- ``essay``: a `layout: story` album whose photos have their subject on the left or the right
  (a sidecar ``focus:``), so the caption has a side to keep away from.

``make_sigal_site(content)`` writes the content folder; ``SHORT_ALBUM``, ``LONG_ALBUM``,
``STORY_ALBUM`` and ``STORY_FOCUS`` name what the tests look at."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import CORPUS
from layout_fixture import photo, sidecar

SIGAL_SAMPLE = CORPUS / "sigal-sample"
# sigal's own album with a long description (a list, a heading, four credits).
SIGAL_DESCRIBED_ALBUM = "dir2"
LONG_ALBUM = "notes"
SHORT_ALBUM = "pair"
STORY_ALBUM = "essay"
# The focal point of each story photo (x, y as fractions), in album order.
STORY_FOCUS = [(0.2, 0.5), (0.8, 0.45), (0.25, 0.4)]

LONG_DESCRIPTION = """
## Notes from a long walk

This album has the kind of description people write when they come home: where they went, who
they met, what the weather did, which lens stayed in the bag. It is far longer than a screen,
so a theme that puts it before the photos pushes every photo out of sight.

### The route

1. Down to the harbour before sunrise, when the boats come in and the light is low.
2. Along the cliff path to the lighthouse, three hours with the wind in the face.
3. Back through the village, past the market and the old church.

### The gear

- One body, two lenses: a 35 mm for the streets, a 90 mm for the cliffs.
- A small tripod that was used twice.
- Far too many batteries.

### Thanks

Lorem ipsum dolor sit amet, consectetur adipiscing elit. Aenean ut gravida lorem. Ut turpis
felis, pulvinar a semper sed, adipiscing id dolor. Pellentesque auctor nisi id magna consequat
sagittis. Curabitur dapibus enim sit amet elit pharetra tincidunt feugiat nisl imperdiet. Ut
convallis libero in urna ultrices accumsan. Donec sed odio eros. Donec viverra mi quis quam
pulvinar at malesuada arcu rhoncus.

Cum sociis natoque penatibus et magnis dis parturient montes, nascetur ridiculus mus. In rutrum
accumsan ultricies. Mauris vitae nisi at sem facilisis semper ac in est. Vivamus fermentum
semper porta. Nunc diam velit, adipiscing ut tristique vitae, sagittis vel odio.
"""


def make_sigal_site(content: Path) -> Path:
    """Copies sigal's sample gallery to ``content`` (a copy: builds never write into the corpus),
    adds the Pillow albums and returns the content folder."""
    shutil.copytree(SIGAL_SAMPLE, content, symlinks=True)
    (content / "site.yml").write_text("title: Sigal test gallery\nbase_url: \"\"\n")

    notes = content / LONG_ALBUM
    notes.mkdir()
    (notes / "index.md").write_text(
        "---\ntitle: A walk along the coast, with notes\ndate: 2024-06-01\nsort: name\n---\n"
        + LONG_DESCRIPTION
    )
    for index, aspect in enumerate([1.5, 2 / 3, 1.5, 4 / 3, 1.0, 3 / 4, 1.5, 1.5]):
        photo(notes / f"n{index:02d}.jpg", aspect, index, long_side=600)
        sidecar(notes / f"n{index:02d}.md", f"Coast photo {index}")

    pair = content / SHORT_ALBUM
    pair.mkdir()
    (pair / "index.md").write_text("---\ntitle: Pair\ndate: 2024-05-01\nsort: name\n---\n")
    for index in range(2):
        photo(pair / f"p{index}.jpg", 1.5, index + 20, long_side=600)
        sidecar(pair / f"p{index}.md", f"Pair photo {index}")

    essay = content / STORY_ALBUM
    essay.mkdir()
    (essay / "index.md").write_text(
        "---\ntitle: Essay\ndate: 2024-04-01\nlayout: story\nsort: name\n---\n\nA story.\n"
    )
    for index, (x, y) in enumerate(STORY_FOCUS):
        photo(essay / f"s{index}.jpg", 1.5, index + 40, long_side=1200)
        (essay / f"s{index}.md").write_text(
            f"---\ntitle: Story photo {index}\nalt: Story photo {index}\nfocus: \"{x} {y}\"\n---\n\n"
            "A caption of two sentences. It says where the photo was made.\n"
        )
    return content
