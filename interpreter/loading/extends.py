"""Merging a variant over its base (`extends:`): the rules of docs/extends.md, as new containers."""

from __future__ import annotations

from typing import Any

from interpreter.base.diagnostics import Diagnostic, Span, did_you_mean
from interpreter.loading.located import LocDict, LocList, copy_tree

_PLACEMENT = ("before", "after")


def merge_trees(base: LocDict, variant: LocDict, diagnostics: list[Diagnostic]) -> LocDict:
    """The variant laid over its base, as new containers; `extends` is dropped; the top-level id, name and
    description replace the base's."""
    return _merge_mapping(base, variant, [], diagnostics)


def _merge_mapping(base: LocDict, variant: LocDict, path: list[str], diagnostics: list[Diagnostic]) -> LocDict:
    """Keys of the base in order (replaced, merged or deleted by the variant), then the variant's new keys."""
    result = LocDict(variant.span)
    top = not path
    for key, value in base.items():
        if key not in variant:
            result.put(key, copy_tree(value), base.key_spans.get(key), base.value_spans.get(key))
        elif variant[key] is not None and not (top and key == "extends"):
            replace = top and key in ("id", "name", "description")
            merged = (
                copy_tree(variant[key]) if replace else _merge_value(value, variant[key], [*path, key], diagnostics)
            )
            result.put(key, merged, variant.key_spans.get(key), variant.value_spans.get(key))
    for key, value in variant.items():
        if key in base or (top and key == "extends"):
            continue
        if value is None:
            hint = did_you_mean(key, base.keys())
            diagnostics.append(
                Diagnostic(
                    f"nothing to remove: the base has no key '{key}'{_where(path)}",
                    variant.key_spans.get(key),
                    hint,
                    "warning",
                )
            )
            continue
        result.put(key, copy_tree(value), variant.key_spans.get(key), variant.value_spans.get(key))
    return result


def _merge_value(base: Any, variant: Any, path: list[str], diagnostics: list[Diagnostic]) -> Any:
    """Mappings merge, lists of id'd mappings merge by id, anything else is replaced."""
    if isinstance(base, LocDict) and isinstance(variant, LocDict):
        return _merge_mapping(base, variant, path, diagnostics)
    if isinstance(base, LocList) and isinstance(variant, LocList) and _is_id_list(base) and _is_id_list(variant):
        return _IdMerge(base, path, diagnostics).apply(variant)
    if isinstance(base, LocList) and isinstance(variant, LocList) and _is_id_list(base) and variant:
        ids = ", ".join(str(item["id"]) for item in base[:6]) + (", ..." if len(base) > 6 else "")
        diagnostics.append(
            Diagnostic(
                f"this list replaces the base's whole list{_where(path)} (its entries {ids})",
                variant.span,
                "give every entry an id to merge by id instead (docs/extends.md)",
                "warning",
            )
        )
    return copy_tree(variant)


def _is_id_list(items: list) -> bool:
    return bool(items) and all(isinstance(item, LocDict) and "id" in item for item in items)


def _where(path: list[str]) -> str:
    return f" in '{'.'.join(path)}'" if path else ""


class _IdMerge:
    """Merges a variant's list of id'd mappings into a copy of the base's list."""

    def __init__(self, base: LocList, path: list[str], diagnostics: list[Diagnostic]) -> None:
        self.items = [copy_tree(item) for item in base]
        self.spans = list(base.item_spans)
        self.span = base.span
        self.path, self.diagnostics = path, diagnostics

    def apply(self, variant: LocList) -> LocList:
        """Merge, add, move or remove each variant item in turn."""
        for item, span in zip(variant, variant.item_spans):
            if set(item) == {"id", "remove"} and item["remove"] is True:
                self._remove(item)
            else:
                self._place(item, span)
        result = LocList(variant.span or self.span)
        result.extend(self.items)
        result.item_spans = self.spans
        return result

    def _index(self, ident: Any) -> int | None:
        return next((i for i, item in enumerate(self.items) if item["id"] == ident), None)

    def _remove(self, item: LocDict) -> None:
        index = self._index(item["id"])
        if index is None:
            self._unknown(item["id"], item.value_spans.get("id"), f"cannot remove '{item['id']}'")
            return
        del self.items[index], self.spans[index]

    def _place(self, item: LocDict, span: Span) -> None:
        """Merge into the same id (or append), then move to `before`/`after` if given."""
        body = LocDict(item.span)
        for key, value in item.items():
            if key not in _PLACEMENT:
                body.put(key, value, item.key_spans.get(key), item.value_spans.get(key))
        index = self._index(item["id"])
        if index is None:
            merged, index = copy_tree(body), len(self.items)
            self.items.append(merged)
            self.spans.append(span)
        else:
            merged = _merge_mapping(self.items[index], body, [*self.path, str(item["id"])], self.diagnostics)
            self.items[index], self.spans[index] = merged, span
        self._move(index, item)

    def _move(self, index: int, item: LocDict) -> None:
        """Move the item at `index` next to the id its `before`/`after` key names."""
        keys = [k for k in _PLACEMENT if k in item]
        if len(keys) > 1:
            self.diagnostics.append(Diagnostic("use either 'before' or 'after', not both", item.key_spans.get("after")))
            return
        if not keys:
            return
        anchor, after = item[keys[0]], keys[0] == "after"
        moved, moved_span = self.items.pop(index), self.spans.pop(index)
        target = self._index(anchor)
        if target is None:
            self._unknown(anchor, item.value_spans.get(keys[0]), f"cannot place '{item['id']}' {keys[0]} '{anchor}'")
            target, after = index, False
        self.items.insert(target + after, moved)
        self.spans.insert(target + after, moved_span)

    def _unknown(self, ident: Any, span: Span | None, what: str) -> None:
        ids = [str(item["id"]) for item in self.items]
        self.diagnostics.append(
            Diagnostic(f"{what}: no item has the id '{ident}'{_where(self.path)}", span, did_you_mean(str(ident), ids))
        )
