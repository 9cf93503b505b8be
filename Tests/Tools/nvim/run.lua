-- Waits for the journal's diagnostics, asks for completion in its tags, writes both to
-- GAZETTE_NVIM_OUT and quits: what LanguageServerTests reads.
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
out:close()
vim.cmd("qa!")
