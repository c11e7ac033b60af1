"""The rules pages' text: each game's spec, docs/rules/<game>.md, as HTML.

The spec is rendered by python-markdown (tables, fenced code) with raw HTML
escaped, links only to web addresses or within the site, and its headings one
level down (the page has its own ``<h1>``). Its **Ruling** lines, the project's
decisions where the printed rules are silent or disagree (a bold "Ruling:" or
"Ruling (topic):"), are marked: each runs from its label to the end of its
paragraph or list item (or of its parenthesis, or up to the next ruling) and
becomes ``<span class="ruling" id="ruling-N">``; the paragraph or item holding
it gets the class ``has-ruling``. ``rulebook(name)`` also lists the rulings,
for the page's list of links to them, and is cached per process: the specs
change only with a deploy.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

import markdown
from django.conf import settings
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"

RULING_LABEL = re.compile(r"^Ruling(?: \((?P<topic>[^)]+)\))?:$")
LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+\.)\s")
BLOCK_TAGS = frozenset({
    "p", "div", "ul", "ol", "li", "pre", "table", "blockquote", "hr",
    "h1", "h2", "h3", "h4", "h5", "h6", "dl",
})
SAFE_SCHEMES = frozenset({"", "http", "https", "mailto"})
SUMMARY_WORDS = 14


@dataclass(frozen=True)
class Ruling:
    """One ruling: its anchor (``ruling-N``), its topic ("" when it names none)
    and its first words."""

    anchor: str
    topic: str
    summary: str


@dataclass(frozen=True)
class Rendered:
    """A spec as HTML (safe to output: markdown's own markup only) and its rulings."""

    html: str
    rulings: tuple[Ruling, ...]


class _ListsInterruptParagraphs(Preprocessor):
    """A list item right under a paragraph line starts a list (python-markdown
    wants a blank line before it; the specs, written to CommonMark, have none)."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        block_start = ""  # the first line of the current block of non-blank lines
        for line in lines:
            if not line.strip():
                block_start = ""
            elif not block_start:
                block_start = line
            elif LIST_MARKER.match(line) and not LIST_MARKER.match(block_start):
                out.append("")
                block_start = line
            out.append(line)
        return out


class _Sanitise(Treeprocessor):
    """Headings one level down; links and images only to safe addresses."""

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if re.fullmatch(r"h[1-5]", element.tag):
                element.tag = f"h{int(element.tag[1]) + 1}"
            for attribute in ("href", "src"):
                address = element.get(attribute)
                if address is not None and not _safe_address(address):
                    del element.attrib[attribute]


def _safe_address(address: str) -> bool:
    try:
        scheme = urlsplit(address.strip()).scheme.lower()
    except ValueError:
        return False
    return scheme in SAFE_SCHEMES


class _MarkRulings(Treeprocessor):
    """Wraps each ruling in a ``span.ruling`` with an anchor, collecting them."""

    def __init__(self, md: markdown.Markdown) -> None:
        super().__init__(md)
        self.rulings: list[Ruling] = []

    def run(self, root: etree.Element) -> None:
        self.rulings = []
        parents = [element for element in root.iter()
                   if any(_is_label(child) for child in element)]
        for parent in parents:
            self._mark(parent)
        for element in root.iter():
            if element.tag in BLOCK_TAGS and any(
                    child.get("class") == "ruling" for child in element):
                element.set("class", "has-ruling")

    def _mark(self, parent: etree.Element) -> None:
        children = list(parent)
        index = 0
        while index < len(children):
            label = children[index]
            if not _is_label(label):
                index += 1
                continue
            before = children[index - 1].tail if index else parent.text
            in_parenthesis = (before or "").rstrip().endswith("(")
            end = index + 1
            while (end < len(children) and not _is_label(children[end])
                   and children[end].tag not in BLOCK_TAGS):
                end += 1
            run = children[index:end]
            after = ""
            if in_parenthesis:
                run, after = _up_to_parenthesis(run)
            number = len(self.rulings) + 1
            span = etree.Element("span", {"class": "ruling", "id": f"ruling-{number}"})
            position = list(parent).index(label)
            for element in run:
                parent.remove(element)
                span.append(element)
            span.tail = after or None
            parent.insert(position, span)
            topic = RULING_LABEL.match(_text(label)).group("topic") or ""
            self.rulings.append(Ruling(f"ruling-{number}", topic, _summary(span, label)))
            children = list(parent)
            index = position + 1


def _is_label(element: etree.Element) -> bool:
    return element.tag == "strong" and bool(RULING_LABEL.match(_text(element)))


def _text(element: etree.Element) -> str:
    return " ".join("".join(element.itertext()).split())


def _up_to_parenthesis(run: list[etree.Element]) -> tuple[list[etree.Element], str]:
    """The elements of a parenthesised ruling up to its ")" and the text after it."""
    depth = 0
    for count, element in enumerate(run):
        if count:
            depth += _text(element).count("(") - _text(element).count(")")
        tail = element.tail or ""
        for position, char in enumerate(tail):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth < 0:
                element.tail = tail[:position]
                return run[:count + 1], tail[position:]
    return run, ""


def _summary(span: etree.Element, label: etree.Element) -> str:
    words = "".join([label.tail or "", *(
        "".join(element.itertext()) + (element.tail or "")
        for element in span if element is not label)]).split()
    summary = " ".join(words[:SUMMARY_WORDS])
    return summary + " …" if len(words) > SUMMARY_WORDS else summary


class _RulesExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # No raw HTML: it stays text, escaped like any other.
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.preprocessors.register(_ListsInterruptParagraphs(md), "lists_interrupt", 15)
        md.treeprocessors.register(_Sanitise(md), "sanitise", 5)
        marker = _MarkRulings(md)
        md.treeprocessors.register(marker, "rulings", 4)
        md.ruling_marker = marker


def render(text: str) -> Rendered:
    """A spec's markdown as HTML, its rulings marked and listed."""
    md = markdown.Markdown(
        extensions=["tables", "fenced_code", _RulesExtension()],
        # The specs indent nested lists by two or three spaces (CommonMark style).
        tab_length=2,
        output_format="html",
    )
    html = md.convert(text)
    return Rendered(html=html, rulings=tuple(md.ruling_marker.rulings))


def spec_path(name: str) -> Path:
    return RULES_DIR / f"{name}.md"


def has_rules(name: str) -> bool:
    return spec_path(name).is_file()


# Developer material of a spec, kept in docs/ only: the paragraph naming its
# sources (seed documents) and the "Canonical notation" section (the JSON state
# and moves, the conformance command).
SOURCE_PARAGRAPH = re.compile(r"^Source:.*?(?:\n\s*\n|\Z)", re.S | re.M)
HEADING = re.compile(r"^(#{1,6})\s+(.*)$")


def player_text(text: str) -> str:
    """A spec without its developer material: what a player reads on the site."""
    text = SOURCE_PARAGRAPH.sub("", text, count=1)
    kept: list[str] = []
    skipping_below: int | None = None  # the level of the skipped section's heading
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            if skipping_below is not None and level <= skipping_below:
                skipping_below = None
            if skipping_below is None and "canonical notation" in heading.group(2).lower():
                skipping_below = level
        if skipping_below is None:
            kept.append(line)
    return "\n".join(kept) + "\n"


@lru_cache(maxsize=32)
def rulebook(name: str) -> Rendered:
    """The rules of the game ``name`` (a game of the catalogue with a spec) as a player
    reads them, rendered once per process."""
    return render(player_text(spec_path(name).read_text(encoding="utf-8")))
