-- The spec's remote procedure: the best whole-record context match for one user and department.
CREATE OR REPLACE FUNCTION match_documents(
  query_embedding vector,
  match_threshold double precision DEFAULT 0.7,
  match_count integer DEFAULT 1,
  filter_user_id text DEFAULT NULL,
  filter_department text DEFAULT NULL
)
RETURNS TABLE (id uuid, user_id text, department text, context_text text, similarity double precision)
LANGUAGE sql STABLE
AS $$
  SELECT c.id, c.user_id, c.department, c.context_text, 1 - (c.embedding <=> query_embedding) AS similarity
  FROM user_contexts c
  WHERE c.user_id = filter_user_id
    AND (filter_department IS NULL OR c.department = filter_department)
    AND c.embedding IS NOT NULL
    AND vector_dims(c.embedding) = vector_dims(query_embedding)
    AND 1 - (c.embedding <=> query_embedding) >= match_threshold
  ORDER BY c.embedding <=> query_embedding
  LIMIT match_count;
$$;
