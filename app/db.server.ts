// Routes reach the database through this app-side `.server` module: the classic compiler keeps
// `.server` files out of the browser bundle only inside app/.
export { db } from "../db/database.server";
