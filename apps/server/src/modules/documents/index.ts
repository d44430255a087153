import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { orderDocuments, type OrderDocumentsWorkflow } from "../../workflows/order-documents.ts";
import { documentRoutes } from "./routes.ts";
import { documentsService, type DocumentsService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    documents: DocumentsService & { workflow: OrderDocumentsWorkflow };
  }
}

/**
 * Documents per deal: PDF, JPEG or PNG files checked by their content, kept in the file storage under names the
 * server chooses, within a size limit and a quota per customer, with the dealership's required documents and the
 * deal's file upload step; served only to the customer and the dealership's staff.
 */
export const documentsModule = fp(
  async (app: FastifyInstance) => {
    const documents = documentsService({ db: app.db });
    const workflow = orderDocuments({ db: app.db, files: app.files, now: app.now });
    app.decorate("documents", Object.assign(documents, { workflow }));
    await app.register(
      documentRoutes({ documents, workflow, files: app.files, orders: app.orders, customers: app.customers }),
    );

    // Rows cascade away with their deal or account; their files are deleted first.
    app.orders.beforeRemove(async (order) => workflow.forget(await documents.ofOrder(order.dealershipId, order.id)));
    app.customers.beforeRemove(async (customer) =>
      workflow.forget(await documents.ofCustomer(customer.dealershipId, customer.id)),
    );
  },
  { name: "documents", dependencies: ["customers", "orders", "file-storage"] },
);
