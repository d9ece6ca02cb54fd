-- With the embedding kept inside the row, every row is over the 2 kB size at which Postgres moves long text out of
-- line, so each piece's text and search vector went to the TOAST table: retrieval then followed a TOAST pointer per
-- piece for the search vector, through a TOAST index that grows with the whole table. Keeping them in the row too
-- (they still move out as a last resort, when a piece does not fit a page) makes one owner's pieces cost about one
-- page each, whatever the table's size. Applies to rows written from now on; re-indexing rewrites older ones.
ALTER TABLE "context_pieces" ALTER COLUMN "content" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "context_pieces" ALTER COLUMN "search_vector" SET STORAGE MAIN;
