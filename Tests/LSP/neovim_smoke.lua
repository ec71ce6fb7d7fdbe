-- The Neovim test's driver (test_neovim.py), run after the init.lua that docs/editors.md
-- documents, which starts `flowc lsp` for the flow file Neovim opened: waits for that client,
-- misspells a pushed screen, waits for the `unknown-reference` diagnostic and writes where it
-- was and where it was expected to $RESULT as JSON.
local result = os.getenv("RESULT")

local function finish(value)
  local out = io.open(result, "w")
  out:write(vim.fn.json_encode(value))
  out:close()
  vim.cmd("qa!")
end

local buffer = vim.api.nvim_get_current_buf()

-- The client the documented configuration attached to the buffer (Neovim 0.7 names them
-- with buf_get_clients, 0.10 with get_clients).
local function attached()
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buffer })
    or vim.lsp.buf_get_clients(buffer)
  for _, client in pairs(clients) do
    if client.name == "flowc" then return client end
  end
  return nil
end

local ready = vim.wait(20000, function()
  local client = attached()
  return client ~= nil and client.initialized
end, 20)
if not ready then
  finish({ error = "no initialized flowc client is attached to the flow file" })
  return
end

-- The first `push: X }` of the file becomes `push: Xx }`.
local expected
for row, line in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
  local first, last = line:find("push: %a+ }")
  if first then
    local name_end = last - 2
    vim.api.nvim_buf_set_text(buffer, row - 1, name_end, row - 1, name_end, { "x" })
    expected = { lnum = row - 1, col = first + 5, name = line:sub(first + 6, name_end) .. "x" }
    break
  end
end

local found
vim.wait(20000, function()
  for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
    local code = diagnostic.code
      or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
    if code == "unknown-reference" then
      found = { lnum = diagnostic.lnum, col = diagnostic.col, message = diagnostic.message,
        source = diagnostic.source }
      return true
    end
  end
  return false
end, 20)
finish({ expected = expected, found = found or vim.NIL })
