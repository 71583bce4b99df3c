-- Password reset links sent by /dbconnections/change_password, redeemed once by the reset page.
-- Only the ticket's SHA-256 is kept; a ticket goes with its user (ON DELETE CASCADE).

-- CreateTable
CREATE TABLE "password_reset_tickets" (
    "ticket_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "client_id" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_tickets_pkey" PRIMARY KEY ("ticket_hash")
);

-- CreateIndex
CREATE INDEX "password_reset_tickets_user_id_idx" ON "password_reset_tickets"("user_id");

-- AddForeignKey
ALTER TABLE "password_reset_tickets" ADD CONSTRAINT "password_reset_tickets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
