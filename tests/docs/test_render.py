"""The README and the guides rendered to HTML (Debian's python3-markdown) and opened in headless Chromium
(Debian's chromium, as tools/evidencelib/browser_check.py opens the bundle's pages): every page renders its
heading and no link of the rendered DOM is broken (DIV-DOC-D2). Label docs; run by tools/test's release suite."""
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import doclib  # noqa: E402
from doclib import ROOT  # noqa: E402


class DocsRenderedGuides(unittest.TestCase):
    REQUIREMENTS = "DIV-DOC-D2"

    def setUp(self):
        if shutil.which("chromium") is None:
            self.fail("chromium is not installed (tools/setup test installs it)")
        self.out = tempfile.mkdtemp(prefix="sonnx-doc-html-")
        self.addCleanup(shutil.rmtree, self.out, True)

    # [utest->req~div-doc-d2~1]
    def test_every_page_renders_in_chromium_with_no_broken_link(self):
        files = doclib.doc_files(ROOT)
        pages = doclib.render_pages(ROOT, files, self.out)
        self.assertEqual(len(pages), len(files))
        self.assertEqual(doclib.check_rendered(pages, self.out), [])

    # [utest->req~div-doc-d2~1]
    def test_a_seeded_broken_link_and_anchor_are_found_in_the_rendered_pages(self):
        files = ["README.md", os.path.join("docs", "cli.md")]
        pages = doclib.render_pages(ROOT, files, self.out)
        readme = os.path.join(self.out, "README.html")
        with open(readme, encoding="utf-8") as handle:
            text = handle.read()
        self.assertIn('href="docs/cli.html"', text)
        text = text.replace('href="docs/cli.html"', 'href="docs/client.html"', 1)
        with open(readme, "w", encoding="utf-8") as handle:
            handle.write(text.replace("</body>", '<a href="docs/cli.html#no-such-option">x</a></body>'))
        problems = doclib.check_rendered(pages, self.out)
        self.assertIn("README.html: broken link 'docs/client.html' in the rendered page", problems)
        self.assertIn("README.html: link 'docs/cli.html#no-such-option': no element #no-such-option in the "
                      "rendered page", problems)


if __name__ == "__main__":
    unittest.main()
