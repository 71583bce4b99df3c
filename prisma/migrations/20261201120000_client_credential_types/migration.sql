-- mTLS credentials (Auth0's cert_subject_dn and x509_cert) have no kid or algorithm, and a
-- cert_subject_dn may be given as its subject DN alone, without a pem. JAR's credentials
-- (signed_request_object) are public keys like private_key_jwt's, referenced by id from the client.
ALTER TABLE "client_credentials"
  ALTER COLUMN "kid" DROP NOT NULL,
  ALTER COLUMN "alg" DROP NOT NULL,
  ALTER COLUMN "pem" DROP NOT NULL,
  ADD COLUMN "subject_dn" TEXT,
  ADD COLUMN "thumbprint_sha256" TEXT;

ALTER TABLE "clients" ADD COLUMN "signed_request_object" JSONB;
