-- The Neovim 0.7 configuration docs/guides/editors.md gives (its second form), with the binary
-- under test from GAZETTE_BIN. LanguageServerTests.neovimShowsTheDiagnosticAndCompletes runs it.
local client_id
vim.api.nvim_create_autocmd({ "FileType" }, {
  pattern = { "markdown", "yaml" },
  callback = function(args)
    if not client_id then
      client_id = vim.lsp.start_client({ name = "gazette", cmd = { os.getenv("GAZETTE_BIN") or "gazette", "lsp" }, root_dir = vim.fn.getcwd() })
    end
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})
