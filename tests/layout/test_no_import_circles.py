"""No import circle in the project: the whole import graph (imports inside functions
count too) has no strongly connected component of more than one module.

The import contracts (``.importlinter``, ``lint-imports``) hold the rooms' order; this
test holds what they cannot see, a circle between two modules of one room.
"""

from __future__ import annotations

import grimp

PACKAGES = ("accounts", "druidsite", "games", "ladders", "notices", "social", "tournaments")


def circles(imports: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted(imports[root])))]
        while work:
            module, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(imports.get(target, ())))))
                    break
                if target in on_stack:
                    low[module] = min(low[module], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        found.append(component)
    return found


def project_imports() -> dict[str, set[str]]:
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    return {module: set(graph.find_modules_directly_imported_by(module))
            for module in graph.modules}


def test_it_finds_no_import_circle_in_the_project():
    found = [sorted(circle) for circle in circles(project_imports())]
    assert found == [], "modules that import each other (directly or round about)"


def test_it_finds_a_circle_when_there_is_one():
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(imports) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []
