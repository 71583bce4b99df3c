-- An execution names the action it ran by id, so an action's executions survive its renaming
-- (results name it as it was called then, as Auth0's). Earlier executions get the id of the action
-- that bears the name their result recorded, where one still does.
ALTER TABLE "action_executions" ADD COLUMN "action_id" TEXT;

UPDATE "action_executions" e SET "action_id" = a."id"
  FROM "actions" a
  WHERE e."results" @> jsonb_build_array(jsonb_build_object('action_name', a."name"));

CREATE INDEX "action_executions_action_id_created_at_idx" ON "action_executions"("action_id", "created_at");
