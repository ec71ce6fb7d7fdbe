"""Hover, completion, the outline and quick fixes, on a module of two files."""
import pytest
from lsprotocol import types

from editing import AUTH, MAIN, apply, at, document, spelled, two_files  # noqa: F401

pytestmark = pytest.mark.asyncio

MAIN_FILE = "flows/main.flow.yaml"
AUTH_FILE = "flows/auth.flow.yaml"


async def hover(session, name, position):
    return await session.client.text_document_hover_async(types.HoverParams(
        text_document=document(session, name), position=position))


async def test_hover_over_a_coordinator_shows_its_doc_and_result_from_the_other_file(
        two_files):
    found = await hover(two_files, MAIN_FILE, at(MAIN, "Auth", offset=1))
    assert found.contents.kind == types.MarkupKind.Markdown
    assert "**coordinator** `Auth`" in found.contents.value
    assert "Signs the user in." in found.contents.value
    assert "- result: `done` (`User`)" in found.contents.value
    assert spelled(MAIN, found.range) == "Auth"


async def test_hover_over_a_screen_says_how_it_is_shown_and_what_back_does(two_files):
    found = await hover(two_files, AUTH_FILE, at(AUTH, "Forgot:"))
    assert "**screen** `Forgot` of `Auth`" in found.contents.value
    assert "- pushed from `Login`" in found.contents.value
    assert "- system back:" in found.contents.value


async def test_hover_where_no_name_is_answers_null(two_files):
    assert await hover(two_files, AUTH_FILE, at(AUTH, "version")) is None


async def labels(session, text, position):
    """The labels offered at `position` of main with `text` as the editor's text."""
    session.open(MAIN_FILE, text)
    found = await session.client.text_document_completion_async(types.CompletionParams(
        text_document=document(session, MAIN_FILE), position=position))
    items = found.items if isinstance(found, types.CompletionList) else found
    return [item.label for item in items], items


async def test_after_push_come_the_screens_of_this_coordinator(two_files):
    text = MAIN.replace("{ push: Home }", "{ push:  }")
    offered, items = await labels(two_files, text, at(text, "push: ", offset=6))
    assert offered == ["Home"]
    assert items[0].kind == types.CompletionItemKind.Class


async def test_after_start_come_the_coordinators_of_both_files(two_files):
    text = MAIN.replace("start: Auth,", "start:  ,")
    offered, items = await labels(two_files, text, at(text, "start:  ,", offset=7))
    assert sorted(offered) == ["App", "Auth"]
    assert {item.kind for item in items} == {types.CompletionItemKind.Module}


async def test_in_the_on_of_a_start_come_the_childs_result_cases_not_yet_handled(two_files):
    text = MAIN.replace(", cancelled: stay }", ",  }")
    offered, items = await labels(two_files, text, at(text, ",  }", offset=2))
    assert offered == ["cancelled"]
    assert items[0].kind == types.CompletionItemKind.EnumMember


async def test_the_outline_of_a_file_is_nested(two_files):
    found = await two_files.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=document(two_files, AUTH_FILE)))
    assert [(s.name, s.kind) for s in found] == [
        ("User", types.SymbolKind.Struct), ("Auth", types.SymbolKind.Module)]
    auth = found[1]
    assert [(s.name, s.kind) for s in auth.children] == [
        ("done", types.SymbolKind.EnumMember), ("cancelled", types.SymbolKind.EnumMember),
        ("Login", types.SymbolKind.Class), ("Forgot", types.SymbolKind.Class)]
    assert spelled(AUTH, auth.selection_range) == "Auth"
    assert auth.range.start == at(AUTH, "Auth:")
    assert auth.range.end.line > at(AUTH, "Forgot:").line - 1


async def fix(session, name, text, code):
    """Opens `name` with `text`, waits for its `code` finding, and asks for the fixes of
    its range with the published diagnostic as the context."""
    session.open(name, text)
    found = await session.wait_for(name, lambda d: code in [x.code for x in d], code)
    [diagnostic] = [d for d in found if d.code == code]
    actions = await session.client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(session, name), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic])))
    return diagnostic, actions


async def test_the_did_you_mean_fix_is_preferred_and_applied_clears_the_finding(two_files):
    text = MAIN.replace("{ push: Home }", "{ push: Hmoe }")
    diagnostic, actions = await fix(two_files, MAIN_FILE, text, "unknown-reference")
    [action] = [a for a in actions if a.diagnostics]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.is_preferred
    # The diagnostic it answers is the one published, as it was published.
    assert list(action.diagnostics) == [diagnostic]
    fixed = apply(text, action.edit.changes[two_files.uri(MAIN_FILE)])
    assert fixed == MAIN
    two_files.change(MAIN_FILE, fixed)
    await two_files.wait_for(MAIN_FILE, lambda d: not d, "the finding cleared")


async def test_the_unhandled_result_of_a_child_in_another_file_is_handled_as_stay(two_files):
    text = MAIN.replace(", cancelled: stay }", " }")
    diagnostic, actions = await fix(two_files, MAIN_FILE, text, "unhandled-result")
    [action] = [a for a in actions if list(a.diagnostics or []) == [diagnostic]]
    assert "cancelled" in action.title
    fixed = apply(text, action.edit.changes[two_files.uri(MAIN_FILE)])
    assert fixed == MAIN
    two_files.change(MAIN_FILE, fixed)
    await two_files.wait_for(MAIN_FILE, lambda d: not d, "the finding cleared")


async def test_a_back_leak_is_fixed_by_adding_leave(two_files):
    # A 'pop' on Auth's first screen (which nothing else pushes) goes back into App without
    # finishing Auth, and Auth has no 'leave'.
    text = AUTH.replace(", sent: { push: Login }", "").replace(
        "close: { finish: cancelled }", "close: { finish: cancelled }\n          back: pop")
    diagnostic, actions = await fix(two_files, AUTH_FILE, text, "back-leak")
    leave = [a for a in actions
             if list(a.diagnostics or []) == [diagnostic] and "cancelled" in a.title]
    assert leave, [a.title for a in actions]
    fixed = apply(text, leave[0].edit.changes[two_files.uri(AUTH_FILE)])
    assert "    leave: cancelled\n" in fixed
    two_files.change(AUTH_FILE, fixed)
    await two_files.wait_for(
        AUTH_FILE, lambda d: "back-leak" not in [x.code for x in d], "the back leak fixed")
