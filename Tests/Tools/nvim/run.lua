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
-- A quick fix as vim.lsp.buf.code_action asks for one in 0.7: at the cursor's line, with the
-- line's diagnostics as the client holds them (their columns counted in bytes there).
local marked = vim.tbl_filter(function(d) return d.code == "markup-shown" end, vim.diagnostic.get(0))[1]
if marked then
  vim.api.nvim_win_set_cursor(0, { marked.lnum + 1, marked.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics() }
  local answers = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 10000)
  for _, r in pairs(answers or {}) do
    local action = (r.result or {})[1]
    if action and action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
      out:write("fixed " .. vim.api.nvim_buf_get_lines(0, marked.lnum, marked.lnum + 1, false)[1] .. "\n")
    end
  end
end
-- A picture from another site: its quick fix runs a command, and the server then asks the
-- editor to rewrite the line (workspace/applyEdit), which Neovim does while it waits.
local remote = vim.tbl_filter(function(d) return d.code == "remote-picture" end, vim.diagnostic.get(0))[1]
if remote then
  vim.api.nvim_win_set_cursor(0, { remote.lnum + 1, remote.col })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics() }
  local answers = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 10000)
  for _, r in pairs(answers or {}) do
    local action = vim.tbl_filter(function(a) return a.command and a.command.command == "gazette.downloadPicture" end, r.result or {})[1]
    if action then
      vim.lsp.buf_request_sync(0, "workspace/executeCommand", action.command, 30000)
      vim.wait(10000, function() return not vim.api.nvim_buf_get_lines(0, remote.lnum, remote.lnum + 1, false)[1]:find("http") end, 50)
      out:write("downloaded " .. vim.api.nvim_buf_get_lines(0, remote.lnum, remote.lnum + 1, false)[1] .. "\n")
    end
  end
end
out:close()
vim.cmd("qa!")
