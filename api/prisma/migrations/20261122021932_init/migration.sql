-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Locale" AS ENUM ('ES', 'EN', 'DE', 'IT', 'FR');

-- CreateEnum
CREATE TYPE "AgencyType" AS ENUM ('MEDIA', 'CREATIVE', 'DIGITAL_PERFORMANCE', 'INDEPENDENT', 'GROUP_HOLDING', 'TRADING_DESK', 'ADVERTISER_IN_HOUSE', 'OTHER');

-- CreateEnum
CREATE TYPE "AgencySize" AS ENUM ('UP_TO_2M', 'FROM_2M_TO_5M', 'FROM_5M_TO_10M', 'FROM_10M_TO_50M', 'OVER_50M');

-- CreateEnum
CREATE TYPE "AdvertiserCount" AS ENUM ('FROM_1_TO_10', 'FROM_10_TO_25', 'FROM_25_TO_50', 'FROM_50_TO_100', 'OVER_100');

-- CreateEnum
CREATE TYPE "Position" AS ENUM ('OWNER_FOUNDER', 'BOARD', 'C_LEVEL', 'DIRECTOR', 'HEAD_OF_DEPARTMENT', 'TEAM_LEADER', 'CONSULTANT', 'REPRESENTATIVE');

-- CreateEnum
CREATE TYPE "DecisionRole" AS ENUM ('NONE', 'PRESCRIBE', 'INFLUENCE', 'DECIDE');

-- CreateEnum
CREATE TYPE "Interest" AS ENUM ('SOLUTIONS', 'TECHNOLOGICAL_TRANSFORMATION');

-- CreateTable
CREATE TABLE "country" (
    "code" CHAR(2) NOT NULL,
    "online_users" INTEGER NOT NULL,

    CONSTRAINT "country_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "country_translation" (
    "country_code" CHAR(2) NOT NULL,
    "locale" "Locale" NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "country_translation_pkey" PRIMARY KEY ("country_code","locale")
);

-- CreateTable
CREATE TABLE "topic" (
    "slug" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "icon" TEXT NOT NULL,

    CONSTRAINT "topic_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "topic_translation" (
    "topic_slug" TEXT NOT NULL,
    "locale" "Locale" NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,

    CONSTRAINT "topic_translation_pkey" PRIMARY KEY ("topic_slug","locale")
);

-- CreateTable
CREATE TABLE "audience" (
    "slug" TEXT NOT NULL,
    "topic_slug" TEXT NOT NULL,

    CONSTRAINT "audience_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "audience_translation" (
    "audience_slug" TEXT NOT NULL,
    "locale" "Locale" NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "audience_translation_pkey" PRIMARY KEY ("audience_slug","locale")
);

-- CreateTable
CREATE TABLE "audience_reach" (
    "country_code" CHAR(2) NOT NULL,
    "audience_slug" TEXT NOT NULL,
    "topic_slug" TEXT NOT NULL,
    "size" INTEGER NOT NULL,

    CONSTRAINT "audience_reach_pkey" PRIMARY KEY ("country_code","audience_slug")
);

-- CreateTable
CREATE TABLE "contact_request" (
    "id" UUID NOT NULL,
    "request_id" UUID NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locale" "Locale" NOT NULL,
    "agency_name" TEXT NOT NULL,
    "agency_type" "AgencyType" NOT NULL,
    "agency_size" "AgencySize" NOT NULL,
    "advertiser_count" "AdvertiserCount" NOT NULL,
    "contact_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "position" "Position" NOT NULL,
    "decision_role" "DecisionRole" NOT NULL,
    "interest" "Interest" NOT NULL,
    "message" TEXT,
    "terms_version" TEXT NOT NULL,
    "terms_accepted_at" TIMESTAMPTZ(3) NOT NULL,
    "page_path" TEXT,
    "is_spam" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "contact_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audience_topic_slug_idx" ON "audience"("topic_slug");

-- CreateIndex
CREATE INDEX "audience_reach_country_code_topic_slug_size_idx" ON "audience_reach"("country_code", "topic_slug", "size" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "contact_request_request_id_key" ON "contact_request"("request_id");

-- CreateIndex
CREATE INDEX "contact_request_received_at_idx" ON "contact_request"("received_at" DESC);

-- AddForeignKey
ALTER TABLE "country_translation" ADD CONSTRAINT "country_translation_country_code_fkey" FOREIGN KEY ("country_code") REFERENCES "country"("code") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "topic_translation" ADD CONSTRAINT "topic_translation_topic_slug_fkey" FOREIGN KEY ("topic_slug") REFERENCES "topic"("slug") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audience" ADD CONSTRAINT "audience_topic_slug_fkey" FOREIGN KEY ("topic_slug") REFERENCES "topic"("slug") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audience_translation" ADD CONSTRAINT "audience_translation_audience_slug_fkey" FOREIGN KEY ("audience_slug") REFERENCES "audience"("slug") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audience_reach" ADD CONSTRAINT "audience_reach_country_code_fkey" FOREIGN KEY ("country_code") REFERENCES "country"("code") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audience_reach" ADD CONSTRAINT "audience_reach_audience_slug_fkey" FOREIGN KEY ("audience_slug") REFERENCES "audience"("slug") ON DELETE CASCADE ON UPDATE CASCADE;
