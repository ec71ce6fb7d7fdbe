-- The Neovim smoke test's configuration (test_neovim.py): opens $FLOW_FILE, starts
-- `flowc lsp` with Neovim's built-in client, misspells a pushed screen, waits for the
-- `unknown-reference` diagnostic and writes where it was and where it was expected to
-- $RESULT as JSON.
local flowc, file, root, result = os.getenv("FLOWC"), os.getenv("FLOW_FILE"),
  os.getenv("ROOT"), os.getenv("RESULT")

local function finish(value)
  local out = io.open(result, "w")
  out:write(vim.fn.json_encode(value))
  out:close()
  vim.cmd("qa!")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buffer = vim.api.nvim_get_current_buf()
local config = { name = "flowc", cmd = { flowc, "lsp" }, root_dir = root }
local client
if vim.lsp.start then
  client = vim.lsp.start(config)
else
  -- Neovim 0.7 (Debian 12) has no vim.lsp.start yet.
  client = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(buffer, client)
end

local ready = vim.wait(20000, function()
  local running = vim.lsp.get_client_by_id(client)
  return running ~= nil and running.initialized
end, 20)
if not ready then
  finish({ error = "the server never initialized" })
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
