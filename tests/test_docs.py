"""The docs against the code: every figure a doc gives about the code or the build is checked here
(measured timings are dated in docs/performance.md instead), every link and repository path a doc
names exists, the one module table lists every module, and the layers the docs state hold."""

from __future__ import annotations

import ast
import json
import math
import re
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest

from minesat import board
from minesat.cli import commands, limits
from minesat.counting import space
from minesat.formats import links, mbf, registry
from minesat.messages.ops import DOWNLOADS, Lane, Op
from minesat.messages.protocol import HANDLERS, Engine
from minesat.reductions import card, cnf, ilp

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *DOCS]
PY = ROOT / "py"


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def doc(name: str) -> str:
    return read(ROOT / name)


def section(text: str, heading: str) -> str:
    """The text under a `## heading`, up to the next heading of that level or higher."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^#{{1,2}} |\Z)", text, re.M | re.S)
    assert match, f"no section {heading!r}"
    return match.group(1)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


# -- the README ------------------------------------------------------------------------------------

def test_the_readme_is_under_150_lines():
    assert len(doc("README.md").splitlines()) < 150


def test_the_readme_links_every_page_of_docs():
    linked = set(re.findall(r"\]\((docs/[^)#]+\.md)", doc("README.md")))
    assert {f"docs/{p.name}" for p in DOCS} <= linked


def test_the_readme_names_the_two_commands_the_port_and_the_makefiles_default_port():
    readme, makefile = doc("README.md"), doc("Makefile")
    for target in ("serve", "test"):
        assert re.search(rf"^{target}:", makefile, re.M) and f"make {target}" in readme
    port = re.search(r"^PORT\s*\?=\s*(\d+)", makefile, re.M)
    assert port and f"http://127.0.0.1:{port.group(1)}/" in readme
    assert re.search(r"make serve PORT=\d+", readme)


def test_one_module_table_lives_in_architecture_not_in_readme_or_contributing():
    for name in ("README.md", "CONTRIBUTING.md"):
        rows = re.findall(r"^\| `(?:py/)?minesat(?:_web)?/\S+\.py`", doc(name), re.M)
        assert not rows, f"{name} has module-table rows: {rows[:3]}"


# -- links and paths -------------------------------------------------------------------------------

def links_in(path: Path) -> list[tuple[str, str]]:
    """(target file, anchor) of every relative Markdown link of a page."""
    out = []
    for target in re.findall(r"\]\(([^)\s]+)\)", read(path)):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        out.append((file, anchor))
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves_to_a_file_and_a_heading(page):
    for file, anchor in links_in(page):
        target = (page.parent / file).resolve() if file else page
        assert target.exists(), f"{page.name} links {file}, which does not exist"
        if anchor:
            headings = re.findall(r"^#+ (.+)$", read(target), re.M)
            assert anchor in {slug(h) for h in headings}, f"{page.name} links {file}#{anchor}: no such heading"


REPO_PATH = re.compile(r"`((?:py|tests|bench|tools|static|csrc|docs)/[\w./-]*\w/?)`")


def ignored(path: str) -> bool:
    """A build output: git ignores it (static/vendor/, static/picosat.wasm, ...)."""
    return subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_repository_path_a_page_names_exists_or_is_built(page):
    missing = [p for p in set(REPO_PATH.findall(read(page))) if not (ROOT / p).exists() and not ignored(p)]
    assert not missing, f"{page.name} names paths that do not exist: {sorted(missing)}"


# -- the architecture: modules, arrows, layers -----------------------------------------------------

def module_name(path: Path) -> str:
    parts = list(path.relative_to(PY).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PY.rglob("*.py") if "__pycache__" not in p.parts}


def imports_of(name: str) -> set[str]:
    """The project's modules `name` imports, anywhere in its file: `from a.b import c` is an arrow
    to a.b.c when that is a module, else to a.b."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(read(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in MODULES}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if full in MODULES else base)
    return {m for m in out if m in MODULES and m != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def circles() -> list[set[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(component)

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return out


def test_the_module_table_lists_every_python_module_once():
    table = section(doc("docs/architecture.md"), "Modules")
    listed = re.findall(r"^\| `(py/[\w/]+\.py)`", table, re.M)
    assert len(listed) == len(set(listed))
    actual = {str(p.relative_to(ROOT)) for p in MODULES.values() if p.name != "__init__.py"}
    assert set(listed) == actual


def test_modules_per_folder_as_the_architecture_says():
    shape = section(doc("docs/architecture.md"), "The shape, measured")
    stated = {folder: int(n) for folder, n in re.findall(r"^\| `(py/[\w/]+/)` \| (\d+) \|", shape, re.M)}
    counted: dict[str, int] = defaultdict(int)
    for path in MODULES.values():
        if path.name != "__init__.py" and path.parent != PY:
            counted[str(path.parent.relative_to(ROOT)) + "/"] += 1
    assert stated == dict(counted)


def test_arrows_circles_and_largest_modules_as_the_architecture_says():
    shape = section(doc("docs/architecture.md"), "The shape, measured")
    arrows = re.search(r"The engine has (\d+) import arrows, the page (\d+); circles: (\d+)\.", shape)
    assert arrows, "the sentence of arrows and circles is missing"

    def arrows_of(package: str) -> int:
        return sum(len(targets) for name, targets in GRAPH.items() if name.split(".")[0] == package)

    assert [int(n) for n in arrows.groups()] == [arrows_of("minesat"), arrows_of("minesat_web"), len(circles())]
    largest = re.search(r"The largest module of the engine is `(\S+)`, of the page\s+`(\S+)`\.", shape)
    assert largest

    def largest_of(package: str) -> str:
        paths = [p for n, p in MODULES.items() if n.split(".")[0] == package]
        return str(max(paths, key=lambda p: len(read(p).splitlines())).relative_to(ROOT))

    assert list(largest.groups()) == [largest_of("minesat"), largest_of("minesat_web")]


def stated_layers() -> list[set[str]]:
    line = re.search(r"^Layers, bottom up: (.+)$", doc("docs/architecture.md"), re.M)
    assert line
    return [set(re.findall(r"`(\w+)`", layer)) for layer in line.group(1).split(" < ")]


def test_the_engines_imports_point_down_the_stated_layers():
    layers = stated_layers()
    level = {f"minesat.{name}": i for i, layer in enumerate(layers) for name in layer}
    assert set(level) == {".".join(n.split(".")[:2]) for n in MODULES if n.count(".") >= 1
                          and n.startswith("minesat.") and n != "minesat.__main__"}

    def layer_of(module: str) -> int | None:
        return level.get(".".join(module.split(".")[:2]))

    upward = [(a, b) for a, targets in GRAPH.items() for b in targets
              if layer_of(a) is not None and layer_of(b) is not None
              and layer_of(b) > layer_of(a)]
    assert not upward


def test_the_ops_of_the_message_contract_are_the_engines():
    contract = section(doc("docs/architecture.md"), "The message contract")
    ops = re.search(r"Ops \((.*?)\) are answered", contract, re.S)
    lanes = re.search(r"in a lane \((.*?)\);", contract, re.S)
    assert ops and lanes
    assert re.findall(r"`([\w-]+)`", ops.group(1)) == [op.value for op in Op]
    assert re.findall(r"`([\w-]+)`", lanes.group(1)) == [lane.value for lane in Lane]
    assert set(re.findall(r"the downloads `(\w+)` and `(\w+)`", contract)[0]) == set(DOWNLOADS)


def test_the_contributing_exemplars_have_the_shape_they_are_named_for():
    contributing = doc("CONTRIBUTING.md")
    extension = section(contributing, "Extension points: copy the shape of")
    for path in ("py/minesat/formats/mbf.py", "py/minesat/formats/registry.py", "py/minesat/reductions/ilp.py",
                 "py/minesat_web/analyzer/layouts.py", "py/minesat/messages/protocol.py", "py/minesat/messages/ops.py"):
        assert f"`{path}`" in extension and (ROOT / path).exists()
    assert any(f.read is mbf.read_mbf for f in registry.FILES)
    assert all(callable(getattr(ilp.REDUCTION, m)) for m in ("reduce", "overhead")) and callable(ilp.ILP.extract)
    layouts = ast.parse(read(ROOT / "py/minesat_web/analyzer/layouts.py"))
    assert any(isinstance(n, ast.FunctionDef) and n.name == "bind" for n in layouts.body)
    assert HANDLERS[Op.ODDS] is Engine.op_odds and "`py/minesat/messages/ops.py`" in extension


def test_no_comment_cites_a_seed_document():
    cited = []
    for folder in ("py", "tests", "bench", "tools"):
        for path in set((ROOT / folder).rglob("*.py")) - {Path(__file__).resolve()}:
            for number, line in enumerate(read(path).splitlines(), 1):
                if re.search(r"\bseeds? 0\d\d\b|seeds/|\bthe seeds?'s?\b", line, re.I):
                    cited.append(f"{path.relative_to(ROOT)}:{number}")
    assert not cited


# -- figures of the code ---------------------------------------------------------------------------

def test_the_limits_of_boards_are_the_codes():
    formats = doc("docs/formats.md")
    assert f"a board's text is at most {board.MAX_TEXT:,} characters" in formats
    assert (f"at most {board.MAX_SIDE} rows, {board.MAX_SIDE} columns and {board.MAX_CELLS:,} cells"
            in " ".join(formats.split()))
    assert f"at most {board.MAX_DIGITS:,}\ndigits" in formats or f"at most {board.MAX_DIGITS:,} digits" in formats
    assert f"A fragment is at most {links.MAX_FRAGMENT:,} characters" in formats
    glossary = " ".join(section(doc("docs/architecture.md"), "Glossary").split())
    assert f"at most {board.MAX_SIDE} rows, {board.MAX_SIDE} columns, {board.MAX_CELLS:,} cells" in glossary
    assert f"up to 2^{board.MAX_CELLS:,}" in glossary


def test_every_format_read_and_written_is_documented():
    formats = doc("docs/formats.md")
    files = section(formats, "Files")
    for fmt in registry.FILES:
        assert fmt.name.lower() in files.lower() and all(f"`{ext}`" in files for ext in fmt.extensions)
    written = re.search(r"`read_text` reads\s+each back.*?: (.*?)\. ", formats, re.S)
    assert written
    assert re.findall(r"`([^`]+)`", written.group(1)) == [w.name for w in registry.WRITERS]


def test_the_binomial_encodings_bound_is_the_codes():
    clauses = cnf.worst_clue("binomial")[1]
    assert cnf.worst_clue("binomial")[0] == 0  # no auxiliary variables, as the docs say
    for name in ("docs/architecture.md", "docs/decisions.md"):
        stated = re.findall(r"at most (\d+) clauses a\s+clue", doc(name))
        assert stated and {int(n) for n in stated} == {clauses}


def test_every_binomial_coefficient_in_the_docs_is_right():
    stated = [(int(n), int(k), int(v.replace(",", "")))
              for page in PAGES for n, k, v in re.findall(r"C\((\d+), (\d+)\) =\s+([\d,]+)", read(page))]
    assert stated
    assert all(math.comb(n, k) == v for n, k, v in stated)


def synopses() -> dict[str, str]:
    block = re.search(r"```\n(minesat analyze .*?)```", doc("docs/cli.md"), re.S)
    assert block
    return {line.split()[1]: line for line in block.group(1).splitlines()}


def test_each_synopsis_lists_exactly_its_commands_options():
    parser = commands.build_parser()
    subcommands = next(a for a in parser._actions if a.choices and isinstance(a.choices, dict)).choices
    lines = synopses()
    assert set(lines) == set(subcommands)
    common = {"-h", "--help", "--timeout", "--memory"}
    for name, sub in subcommands.items():
        options = {o for action in sub._actions for o in action.option_strings if o.startswith("--")} - common
        assert set(re.findall(r"--[\w-]+", lines[name])) == options, name
        for action in sub._actions:
            if action.choices and action.option_strings:
                shown = re.search(rf"{action.option_strings[0]} ([\w|]+)", lines[name])
                assert shown and set(shown.group(1).split("|")) == set(action.choices), (name, action.dest)


def test_the_command_lines_bounds_and_defaults_are_the_codes():
    cli = " ".join(doc("docs/cli.md").split())
    parser = commands.build_parser()
    generate = parser.parse_args(["generate", "--rows", "2", "--cols", "2", "--mines", "1", "--first", "0,0"])
    for figure in (f"--timeout SECONDS` (default {limits.TIMEOUT:g};",
                   f"`--memory MB` (default {limits.MEMORY})",
                   f"default {commands.OUTCOME_WORK:,}, some seconds", f"at most {commands.SAT_OFFSET:,} there",
                   f"would pass {card.MAX_COUNTER_CELLS:,} cell-levels",
                   f"more than {space.MAX_STATES:,} partial states", f"C code {limits.GRACE:g} s later",
                   f"checked every {limits.WATCH_EVERY:g} s", f"`--max-tries` (default {generate.max_tries:,})"):
        assert figure in cli, figure


def test_the_pages_imports_point_down_its_stated_layers():
    table = section(doc("docs/architecture.md"), "The page's packages")
    rows = re.findall(r"^\| \w+ \| (.+?) \| .+ \|$", table, re.M)
    assert rows
    entries = {}  # `analyzer/editor.py` or `analyzer/` -> layer, top first: lower numbers above
    for depth, cell in enumerate(rows):
        for entry in re.findall(r"`([\w/.]+)`", cell):
            entries[entry] = len(rows) - depth

    def layer_of(module: str) -> int:
        path = str(MODULES[module].relative_to(PY / "minesat_web"))
        named = [e for e in entries if path == e or (e.endswith("/") and path.startswith(e))]
        assert named, f"{path} is in no layer of docs/architecture.md"
        return entries[max(named, key=len)]

    page = [n for n in MODULES if n.startswith("minesat_web.") and MODULES[n].name != "__init__.py"]
    upward = [(a, b) for a in page for b in GRAPH[a] if b in page and layer_of(b) > layer_of(a)]
    assert not upward


def test_the_versions_the_docs_name_are_the_pinned_ones():
    lock = json.loads(doc("package-lock.json"))["packages"]
    page = " ".join(doc("docs/page.md").split())
    for name, package in (("PyScript", "@pyscript/core"), ("Pyodide", "pyodide")):
        assert f"{name} {lock[f'node_modules/{package}']['version']}" in page
    pycosat = re.search(r"^pycosat==(\S+)", doc("requirements.in"), re.M)
    assert pycosat and f"pycosat {pycosat.group(1)} sdist" in " ".join(doc("docs/architecture.md").split())


def test_the_commands_without_a_time_limit_are_the_ones_the_docs_name():
    stated = re.search(r"`--timeout SECONDS` \(default [\d.]+; (.*?): no limit\)", " ".join(doc("docs/cli.md").split()))
    assert stated
    parser = commands.build_parser()
    subcommands = next(a for a in parser._actions if isinstance(a.choices, dict)).choices
    unbounded = {name for name, sub in subcommands.items() if not sub.get_default("timeout")}
    assert set(re.findall(r"`([\w-]+)`", stated.group(1))) == unbounded


def test_the_globals_between_javascript_and_python_are_the_codes():
    """docs/page.md's table names every window.minesat*/globalThis.minesat* global the page's code
    uses, once, each assigned in the file its row says defines it."""
    table = section(doc("docs/page.md"), "Globals between JavaScript and Python")
    rows = re.findall(r"^\| `(minesat\w+)(?:\([^)]*\))?` \| `([\w./-]+)`", table, re.M)
    static = ROOT / "static"
    code = [ROOT / "index.html", *static.glob("*.mjs"), *static.glob("boot/*.mjs"), *PY.rglob("*.py")]
    used = {name for path in code for name in re.findall(r"\bminesat[A-Z]\w*", read(path))}
    assert len(used) >= 14 and sorted(name for name, _ in rows) == sorted(used)
    for name, where in rows:
        assert re.search(rf"(?:window|globalThis)\.{name} = ", read(ROOT / where)), f"{name} is not defined in {where}"
