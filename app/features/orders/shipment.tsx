import { trackingUrl } from "#core/orders/carriers.ts";

/** "Sent with Australia Post, tracking number …": a link to the carrier's page when it is known. */
export function Shipment({ shipment }: { shipment: { carrier: string; trackingNumber: string } }) {
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
  const number = <strong>{shipment.trackingNumber}</strong>;
  return (
    <>
      Sent with {shipment.carrier}, tracking number{" "}
      {url ? (
        <a href={url} rel="noopener noreferrer">
          {number}
        </a>
      ) : (
        number
      )}
      .
    </>
  );
}
