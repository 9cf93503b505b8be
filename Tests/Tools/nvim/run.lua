-- Waits for the journal's diagnostics, asks for completion in its tags, for the quick fix of
-- its Markdown slip and for the download of its picture from another site, writes what each
-- gave to GAZETTE_NVIM_OUT and quits: what LanguageServerTests reads.
local out = io.open(os.getenv("GAZETTE_NVIM_OUT"), "w")
vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  out:write(string.format("diagnostic %d:%d %s %s\n", d.lnum, d.col, d.code or "", d.message))
end
local result = vim.lsp.buf_request_sync(0, "textDocument/completion", { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = 2, character = 7 } }, 10000)
for _, r in pairs(result or {}) do
  local items = r.result and (r.result.items or r.result) or {}
  for _, item in ipairs(items) do out:write("completion " .. item.label .. "\n") end
end
-- The quick fixes of the first diagnostic with `code`, asked for as vim.lsp.buf.code_action asks
-- in 0.7: at the cursor's line, with the line's diagnostics as the client holds them (their
-- columns counted in bytes there). Returns the diagnostic and the actions.
local function fixes(code)
  local found = vim.tbl_filter(function(d) return d.code == code end, vim.diagnostic.get(0))[1]
  if not found then return nil, {} end
  vim.api.nvim_win_set_cursor(0, { found.lnum + 1, found.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics() }
  local actions = {}
  for _, r in pairs(vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 10000) or {}) do
    vim.list_extend(actions, r.result or {})
  end
  return found, actions
end
local function line(number) return vim.api.nvim_buf_get_lines(0, number, number + 1, false)[1] end

local marked, actions = fixes("markup-shown")
if actions[1] and actions[1].edit then
  vim.lsp.util.apply_workspace_edit(actions[1].edit, "utf-16")
  out:write("fixed " .. line(marked.lnum) .. "\n")
end
-- A picture from another site: its quick fix runs a command, and the server then asks the
-- editor to rewrite the line (workspace/applyEdit), which Neovim does while it waits.
local remote, offered = fixes("remote-picture")
local download = vim.tbl_filter(function(a) return a.command and a.command.command == "gazette.downloadPicture" end, offered)[1]
if download then
  vim.lsp.buf_request_sync(0, "workspace/executeCommand", download.command, 30000)
  vim.wait(10000, function() return not line(remote.lnum):find("http") end, 50)
  out:write("downloaded " .. line(remote.lnum) .. "\n")
end
out:close()
vim.cmd("qa!")
