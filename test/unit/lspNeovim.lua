-- Neovim (0.7's built-in LSP client, vim.lsp.start_client) as a real editor drives `standards-explorer lsp --stdio`:
-- opens a fixture file, waits (bounded) for its diagnostics, asks for a hover over the withdrawn citation and for the
-- code actions on its line, writes what it got as JSON to SE_OUT, and quits. Run by test/unit/lspNeovim.test.ts:
--   nvim --headless -u NONE -i NONE -c 'luafile test/unit/lspNeovim.lua'
-- with SE_NODE, SE_CLI, SE_ROOT, SE_FILE, SE_CATALOGUE and SE_OUT in the environment.
local env = function(name)
  local value = os.getenv(name)
  assert(value, name .. ' is not set')
  return value
end
local out = env('SE_OUT')
local result = { diagnostics = vim.NIL, hover = vim.NIL, codeActions = vim.NIL, errors = {} }

local function write()
  local file = assert(io.open(out, 'w'))
  file:write(vim.fn.json_encode(result))
  file:close()
end

local ok, failure = pcall(function()
  local published = nil
  local client_id = vim.lsp.start_client({
    name = 'standards-explorer',
    cmd = { env('SE_NODE'), env('SE_CLI'), 'lsp', '--stdio' },
    root_dir = env('SE_ROOT'),
    init_options = { catalogue = env('SE_CATALOGUE') },
    handlers = {
      ['textDocument/publishDiagnostics'] = function(_, params)
        if #params.diagnostics > 0 then
          published = params.diagnostics
        end
      end,
      ['window/showMessage'] = function(_, params)
        table.insert(result.errors, params.message)
      end,
    },
  })
  assert(client_id, 'the server did not start')
  vim.cmd('edit ' .. vim.fn.fnameescape(env('SE_FILE')))
  local bufnr = vim.api.nvim_get_current_buf()
  assert(vim.lsp.buf_attach_client(bufnr, client_id), 'could not attach the client')
  if not vim.wait(15000, function()
    return published ~= nil
  end, 50) then
    error('no diagnostics within 15 s')
  end
  result.diagnostics = published
  local client = vim.lsp.get_client_by_id(client_id)

  -- The withdrawn citation's line and column (0-based), found in the buffer.
  local line, col
  for i, text in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local at = text:find('ISO 14971:2007', 1, true)
    if at then
      line, col = i - 1, at - 1
      break
    end
  end
  assert(line, 'the fixture cites no ISO 14971:2007')
  local document = { uri = vim.uri_from_bufnr(bufnr) }
  local hover = client.request_sync('textDocument/hover', { textDocument = document, position = { line = line, character = col + 2 } }, 10000, bufnr)
  assert(hover and not hover.err, 'hover failed: ' .. vim.inspect(hover))
  result.hover = hover.result
  local on_line = vim.tbl_filter(function(d)
    return d.range.start.line == line
  end, published)
  local actions = client.request_sync('textDocument/codeAction', {
    textDocument = document,
    range = { start = { line = line, character = col }, ['end'] = { line = line, character = col } },
    context = { diagnostics = on_line },
  }, 10000, bufnr)
  assert(actions and not actions.err, 'code actions failed: ' .. vim.inspect(actions))
  result.codeActions = actions.result
  client.stop()
end)
if not ok then
  table.insert(result.errors, tostring(failure))
end
write()
vim.cmd('qa!')
