import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FictionalProfileForm, type FictionalAnswer } from "~/components/staff/FictionalProfileForm";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { deletePhoto, memberPhotos, uploadPhoto } from "~/models/profiles/photos.server";
import { readPhotoForm } from "~/models/profiles/pages/photo-upload-form.server";
import { createFictional, fictionalProfile, fictionalSchema, updateFictional } from "~/models/staff/fictional-profiles.server";
import { formOptions, otherBrandsShowing, requirePool, requireProfileScope } from "~/models/staff/pages/fictional-page.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import { storage } from "~/services/storage/storage.server";
import { requireStaff } from "~/web/require-staff.server";

export const handle = { i18n: ["common", "staff", "profile"] };

/**
 * "new" (with ?pool=) or the id of a fictional profile that one of the admin's brands shows; a 404
 * otherwise (review N-M-3).
 */
async function target(staff: StaffMember, id: string | undefined, url: URL) {
  if (id === "new") return { profile: null, ...requirePool(staff, url.searchParams.get("pool")) };
  const profile = id && /^\d{1,15}$/.test(id) ? await fictionalProfile(db(), Number(id)) : null;
  if (!profile) throw data(null, { status: 404 });
  return { profile, ...requireProfileScope(staff, profile) };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const { profile, pool, brands, poolBrands } = await target(staff, params.id, new URL(request.url));
  const t = await getFixedT(context.language, "staff");
  const values = profile
    ? {
        name: profile.name,
        gender: profile.gender ?? "",
        sexuality: profile.sexuality ?? "",
        birthDate: profile.birthDate ?? "",
        country: profile.country ?? "",
        region: profile.region ?? "",
        city: profile.city ?? "",
        about: profile.about ?? "",
        bodyType: profile.bodyType ?? "",
        relationshipStatus: profile.relationshipStatus ?? "",
        hairColour: profile.hairColour ?? "",
        eyeColour: profile.eyeColour ?? "",
        brands: brands.filter((brand) => profile.shownOn === null || profile.shownOn.includes(brand.id)).map((brand) => brand.id),
      }
    : null;
  return {
    id: profile?.memberId ?? null,
    pool,
    values,
    options: formOptions(brands, poolBrands),
    // The brands not the admin's that show it: their ticks are kept as they are (review N-M-3).
    otherBrands: otherBrandsShowing({ brands, poolBrands }, profile).map((brand) => brand.name),
    photos: profile ? await memberPhotos(db(), profile.memberId) : [],
    title: `${profile ? profile.name : t("profiles.new")} | ${t("title")}`,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const { profile, pool, brands, poolBrands } = await target(staff, params.id, new URL(request.url));
  const read = await readPhotoForm(request);
  if (!read.ok) return data<FictionalAnswer>({ intent: "photo", error: `profiles.errors.photo.${read.error}` }, { status: 400 });
  const { form, file } = read;
  const intent = form.get("intent");
  if (profile && intent === "photo") {
    if (!file) return data<FictionalAnswer>({ intent, error: "profiles.errors.photo.notAnImage" }, { status: 400 });
    const uploaded = await uploadPhoto(db(), storage(), { memberId: profile.memberId, paidUser: true, data: file });
    return uploaded.ok ? data<FictionalAnswer>({ intent, error: null }) : data<FictionalAnswer>({ intent, error: `profiles.errors.photo.${uploaded.reason}` }, { status: 400 });
  }
  if (profile && intent === "delete-photo") {
    await deletePhoto(db(), storage(), profile.memberId, Number(form.get("photo")));
    return data<FictionalAnswer>({ intent, error: null });
  }
  const fields = Object.fromEntries([...form.entries()].filter(([name]) => name !== "brands" && name !== "intent").map(([name, value]) => [name, String(value)]));
  // Brands of the pool that are not the admin's keep their ticks; while one of them shows the profile, the admin may untick all of theirs.
  const keptElsewhere = otherBrandsShowing({ brands, poolBrands }, profile).length > 0;
  const parsed = fictionalSchema(poolBrands, new Date(), { offered: brands, keptElsewhere }).safeParse({ ...fields, brands: form.getAll("brands").map(String) });
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return data<FictionalAnswer>({ intent: "save", error: "profiles.errors.form", fieldErrors: errors, typed: { ...fields, brands: form.getAll("brands").map(String) } }, { status: 400 });
  }
  if (!profile) {
    const id = await createFictional(db(), { pool, poolBrands, served: brands, form: parsed.data, staffId: staff.id, ip: context.clientIp });
    throw redirect(`/staff/profiles/${id}`);
  }
  if (!(await updateFictional(db(), { id: profile.memberId, pool, poolBrands, served: brands, form: parsed.data, staffId: staff.id, ip: context.clientIp }))) throw data(null, { status: 404 });
  return data<FictionalAnswer>({ intent: "save", error: null, saved: true });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function FictionalProfilePage() {
  return <FictionalProfileForm page={useLoaderData<typeof loader>()} answer={useActionData<FictionalAnswer>()} />;
}
