// The same profile page reached from likes (route likes-m-id): one route module, two addresses.
export { action, default, handle, loader, meta } from "./_default.members.$id";
