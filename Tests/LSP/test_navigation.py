"""Go to definition, find references and rename, across the two files of a module."""
import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from editing import AUTH, MAIN, apply, at, document, spelled, two_files  # noqa: F401

pytestmark = pytest.mark.asyncio

MAIN_FILE = "flows/main.flow.yaml"
AUTH_FILE = "flows/auth.flow.yaml"


async def test_the_initialize_answer_advertises_the_editor_features(two_files):
    server = two_files.initialized.capabilities
    assert server.definition_provider and server.references_provider
    assert server.rename_provider.prepare_provider
    assert server.hover_provider and server.document_symbol_provider
    assert server.completion_provider is not None
    assert list(server.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]


async def test_the_definition_of_a_coordinator_is_in_the_file_that_defines_it(two_files):
    # The cursor is in `Auth` after the emoji of the doc on the same line.
    found = await two_files.client.text_document_definition_async(types.DefinitionParams(
        text_document=document(two_files, MAIN_FILE), position=at(MAIN, "Auth", offset=2)))
    [location] = found
    assert location.uri == two_files.uri(AUTH_FILE)
    assert location.range.start == at(AUTH, "Auth:")
    assert spelled(AUTH, location.range) == "Auth"


async def test_the_references_of_a_result_case_span_both_files(two_files):
    found = await two_files.client.text_document_references_async(types.ReferenceParams(
        text_document=document(two_files, AUTH_FILE), position=at(AUTH, "done"),
        context=types.ReferenceContext(include_declaration=True)))
    places = sorted((location.uri, location.range.start.line) for location in found)
    assert places == sorted([
        (two_files.uri(AUTH_FILE), at(AUTH, "done").line),
        (two_files.uri(AUTH_FILE), at(AUTH, "finish: done").line),
        (two_files.uri(MAIN_FILE), at(MAIN, "done").line),
    ])
    for location in found:
        text = AUTH if location.uri == two_files.uri(AUTH_FILE) else MAIN
        assert spelled(text, location.range) == "done"
    # Without the definition, the result's own key is left out.
    uses = await two_files.client.text_document_references_async(types.ReferenceParams(
        text_document=document(two_files, AUTH_FILE), position=at(AUTH, "done"),
        context=types.ReferenceContext(include_declaration=False)))
    assert len(uses) == 2
    assert at(AUTH, "done").line not in [
        location.range.start.line for location in uses
        if location.uri == two_files.uri(AUTH_FILE)]


async def test_a_coordinator_is_renamed_in_both_files_and_the_result_checks_clean(two_files):
    position = at(MAIN, "Auth")
    prepared = await two_files.client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document(two_files, MAIN_FILE),
                                  position=position))
    assert spelled(MAIN, prepared) == "Auth"
    edit = await two_files.client.text_document_rename_async(types.RenameParams(
        text_document=document(two_files, MAIN_FILE), position=position, new_name="SignIn"))
    main = apply(MAIN, edit.changes[two_files.uri(MAIN_FILE)])
    auth = apply(AUTH, edit.changes[two_files.uri(AUTH_FILE)])
    assert main == MAIN.replace("start: Auth", "start: SignIn")
    assert auth == AUTH.replace("  Auth:", "  SignIn:")
    # The renamed module has no findings.
    two_files.open(MAIN_FILE, main)
    two_files.open(AUTH_FILE, auth)
    await two_files.wait_for(MAIN_FILE, lambda d: not d, "no findings")
    await two_files.wait_for(AUTH_FILE, lambda d: not d, "no findings")


async def test_prepare_rename_where_no_name_is_answers_null(two_files):
    prepared = await two_files.client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document(two_files, MAIN_FILE),
                                  position=at(MAIN, "coordinators")))
    assert prepared is None


async def rename_error(session, position, new_name):
    with pytest.raises(JsonRpcException) as raised:
        await session.client.text_document_rename_async(types.RenameParams(
            text_document=document(session, AUTH_FILE), position=position, new_name=new_name))
    return raised.value


async def test_a_rename_that_breaks_the_naming_rules_is_refused_with_a_message(two_files):
    error = await rename_error(two_files, at(AUTH, "Login"), "signIn")
    assert error.code == -32803
    assert "UpperCamelCase" in error.message


async def test_a_rename_that_collides_is_refused_with_a_message(two_files):
    error = await rename_error(two_files, at(AUTH, "Login"), "Forgot")
    assert error.code == -32803
    assert "already has" in error.message and "Forgot" in error.message
